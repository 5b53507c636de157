-- Workers on other machines (issue 39). A running match is held by a worker (its name) until its
-- lease ends (milliseconds since the epoch); a worker renews the lease while it plays, and a match
-- whose lease has ended is taken again by any worker, on the same seeds. A finished match's result is
-- taken only from the worker that holds it, so a match is never counted twice.

alter table matches add column worker varchar(200);

alter table matches add column lease_until bigint;

-- Each version's file, so that a worker on another machine needs no folder shared with the server.
create table version_files (
    version_id bigint primary key references versions (id),
    content bytea not null
);

-- Each finished match's replay (gzip-compressed JSON), stored once; its viewer page is made when asked for.
create table replays (
    match_id bigint primary key references matches (id),
    content bytea not null
);

-- The workers that have said they are alive: what the scheduler keeps enough matches waiting for.
create table workers (
    name varchar(200) primary key,
    host varchar(200) not null,
    threads integer not null,
    started_at varchar(40) not null,
    seen_millis bigint not null,
    played bigint not null
);

-- The ids handed out, one row per table: taking the next id is one row's update, which the database
-- serialises, so that the server's request threads need no lock of their own.
create table id_counters (
    name varchar(40) primary key,
    next_id bigint not null
);

insert into id_counters (name, next_id) select 'teams', coalesce(max(id), 0) from teams;

insert into id_counters (name, next_id) select 'versions', coalesce(max(id), 0) from versions;

insert into id_counters (name, next_id) select 'matches', coalesce(max(id), 0) from matches;

create index matches_by_worker on matches (status, worker);
