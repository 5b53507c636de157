-- Team sessions (issue 40): a team signs in once with its token and gets a session, whose random id
-- travels in a cookie and is kept here only as its SHA-256, like the tokens.

create table sessions (
    id_hash varchar(64) primary key,
    team_id bigint not null references teams (id),
    created_at varchar(40) not null,
    expires_millis bigint not null
);

create index sessions_by_expiry on sessions (expires_millis);
