"""Shared plumbing every app imports and no app owns: the error contract, API and page helpers."""
