"""Generated protocol stubs (do not edit)."""
