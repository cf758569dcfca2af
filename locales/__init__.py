"""Fluent message catalogs, one folder per language (fr, en), one .ftl file per area."""
