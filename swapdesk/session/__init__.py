"""The engine's life for the window and the command line, without Qt (`life.Session`), and the engine it holds
(`composed.Composed`)."""

from swapdesk.session.composed import Composed, DevnetHandle
from swapdesk.session.life import Observer, Session, build, engine_changed

__all__ = ["Composed", "DevnetHandle", "Observer", "Session", "build", "engine_changed"]
