-- Every upload of a team that reached the checks, refused ones included, so that the hourly upload
-- limit holds across a restart of the server. Times are milliseconds since the epoch.

create table upload_attempts (
    team_id bigint not null references teams (id),
    attempted_at bigint not null
);

create index upload_attempts_by_team on upload_attempts (team_id, attempted_at);
