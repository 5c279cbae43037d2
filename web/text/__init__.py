"""Every text the player reads, in English and Russian: the translation table, the rules
reference, log lines and scoring events, the standings in a sentence. Pure Python."""
