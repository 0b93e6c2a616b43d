"""The ban phase of a match (4.1 rule 1.1.3): arena choice, bans and teams revealed together."""
