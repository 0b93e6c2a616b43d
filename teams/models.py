"""Models of the teams app; they grow with the issues that need them."""
