-- Each match's standard error, per seat (issue 40): what the seat's bot process wrote during that
-- match, shown to its team on the match's page; and the check match that rejected a version.

alter table seats add column stderr text;

alter table versions add column check_match bigint;
