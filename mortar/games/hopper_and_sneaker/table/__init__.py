"""Hopper and Sneaker at the box's table: its plug-in (``KIND``), drafts, screens and review."""

from .kind import KIND

__all__ = ["KIND"]
