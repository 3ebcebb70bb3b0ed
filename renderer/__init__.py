"""Pillow pictures of engine views: view in, PNG bytes out. Never sees full states."""
