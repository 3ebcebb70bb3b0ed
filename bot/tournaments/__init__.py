"""Tournaments (issue 29): the pure pairing core; the service that runs events is still to come."""
