package org.pyramidarena.arena.server;

import java.io.IOException;
import org.junit.jupiter.api.AfterAll;

/**
 * The contest server's API tests on PostgreSQL: a server of its own ({@link ScratchPostgres}); skips,
 * saying so, where PostgreSQL is missing, except in CI ({@code CI=true}), where it fails.
 */
class PostgresContestServerTest extends ContestServerApiTest {

    private ScratchPostgres postgres;

    @Override
    String database() throws IOException, InterruptedException {
        postgres = ScratchPostgres.start("PostgresContestServerTest");
        return postgres.url();
    }

    @Override
    @AfterAll
    void stopContest() {
        super.stopContest();
        if (postgres != null) {
            postgres.close();
        }
    }
}
