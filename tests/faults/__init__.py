"""The fault table, row by row, in the tournament and Referee-service paths."""
