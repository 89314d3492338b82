"""The Ruckus referee: rules engines, match loop, transport and match logs."""
