"""The game in a browser page (make web): the build of dist/web/ and the
tests' and bench's way of serving it and driving Chromium."""
