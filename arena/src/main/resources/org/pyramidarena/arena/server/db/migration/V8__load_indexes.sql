-- Counting a phase's finished matches (the leaderboard page, /api/contest and the team page ask for it
-- on every request) read every finished match of any phase through matches_by_status; with the
-- phase first, the count is one range of this index, whatever the other phases hold.

create index matches_by_phase on matches (phase, status, id);
