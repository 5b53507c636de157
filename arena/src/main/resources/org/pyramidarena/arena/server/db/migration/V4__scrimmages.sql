-- Scrimmages (issue 40): unrated matches a team asks for against another team; the team that asked,
-- by which the hourly limit counts them.

alter table matches add column requested_by bigint;

create index matches_by_requester on matches (requested_by, id);
