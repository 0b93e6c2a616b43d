"""Models of the rules app; they grow with the issues that need them."""
