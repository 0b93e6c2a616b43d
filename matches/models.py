"""Models of the matches app; they grow with the issues that need them."""
