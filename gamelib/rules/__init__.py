"""The rules of the three games, one subpackage each (never imports widgets or plotting)."""
