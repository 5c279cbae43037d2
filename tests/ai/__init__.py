"""The AI's tests; their shared position builders are ``tests.ai.helpers``."""
