"""Enlightenment at the box's table: its plug-in (``KIND``), the turn draft, screens and review."""

from .kind import KIND

__all__ = ["KIND"]
