-- The games of the contest each version's bot plays (its hello's list, a JAR's plays()), as game
-- ids joined by commas; null until its bot has first started. It is checked and paired only in those.

alter table versions add column games text;
