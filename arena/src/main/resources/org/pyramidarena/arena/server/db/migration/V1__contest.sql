-- The contest server's schema: portable SQL that SQLite and PostgreSQL both take.
-- Ids are given by the server (one writer), so no engine's auto-increment is needed.

create table contest (
    name varchar(100) primary key,
    value text not null
);

create table teams (
    id bigint primary key,
    name varchar(40) not null unique,
    token_hash varchar(64) not null,
    created_at varchar(40) not null
);

create table versions (
    id bigint primary key,
    team_id bigint not null references teams (id),
    number integer not null,
    kind varchar(16) not null,
    file_name varchar(200) not null,
    path text not null,
    sha256 varchar(64) not null,
    size_bytes bigint not null,
    status varchar(16) not null,
    reason text,
    uploaded_at varchar(40) not null,
    unique (team_id, number)
);

create table matches (
    id bigint primary key,
    phase varchar(16) not null,
    game varchar(40) not null,
    variant varchar(40) not null,
    players integer not null,
    match_seed bigint not null,
    deal_seed bigint not null,
    status varchar(16) not null,
    termination varchar(32),
    detail text,
    moves integer,
    replay text,
    created_at varchar(40) not null,
    finished_at varchar(40)
);

create index matches_by_status on matches (status, id);

create table seats (
    match_id bigint not null references matches (id),
    seat integer not null,
    version_id bigint references versions (id),
    bot varchar(80) not null,
    rank_place integer,
    score double precision,
    termination varchar(32),
    detail text,
    time_ms bigint,
    cpu_ms bigint,
    primary key (match_id, seat)
);

create index seats_by_version on seats (version_id, match_id);

create table bot_logs (
    version_id bigint not null references versions (id),
    path text not null,
    started_at varchar(40) not null
);
