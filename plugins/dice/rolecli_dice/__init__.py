"""Placeholder: the generic 'dice' system is being written."""
ROLECLI_CONTRACT = 1
