package org.pyramidarena.arena.server.access;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.ServiceUnavailableResponse;
import java.util.concurrent.Semaphore;

/**
 * How many requests may send a body to the server at once: {@value #UPLOADS} uploads (multipart
 * forms) and {@value #FORMS} other posts. Reading a body holds one of the server's threads for as
 * long as the client takes to send it, so without a cap a few hundred clients that send half an
 * upload and stop would hold every thread, and no page would be answered until they time out.
 * A request beyond the cap is refused at once with 503, before its token is checked or its body
 * read, and its connection closed; the pages, which send no body, are never held back.
 */
public final class BodySlots {

    /** Uploads read at once. */
    public static final int UPLOADS = 8;
    /** Other requests with a body (the pages' forms, the admin API) read at once. */
    public static final int FORMS = 32;

    private static final String SLOT = BodySlots.class.getName() + ".slot";

    private final Semaphore uploads = new Semaphore(UPLOADS);
    private final Semaphore forms = new Semaphore(FORMS);

    /**
     * Takes a slot for a request with a body (run before every request); a request without one needs none.
     *
     * @throws ServiceUnavailableResponse when every slot of its kind is taken
     */
    public void take(Context ctx) {
        if (!HandlerType.POST.equals(ctx.method())) {
            return;
        }
        String type = ctx.contentType();
        boolean upload = type != null && type.regionMatches(true, 0, "multipart/", 0, 10);
        Semaphore slots = upload ? uploads : forms;
        if (!slots.tryAcquire()) {
            ctx.header("Connection", "close");
            throw new ServiceUnavailableResponse(upload ? "the server is taking as many uploads as it can; try again "
                    + "in a minute" : "the server is busy; try again in a minute");
        }
        ctx.attribute(SLOT, slots);
    }

    /** Gives back a request's slot, if it took one (run after every request, refused ones included). */
    public void release(Context ctx) {
        Semaphore slots = ctx.attribute(SLOT);
        if (slots != null) {
            ctx.attribute(SLOT, null);
            slots.release();
        }
    }

    /** Whether a request holds a slot: only then may its body be read. */
    public static boolean holds(Context ctx) {
        return ctx.attribute(SLOT) != null;
    }

    /** The slots free now, uploads and others together (for tests and the logs). */
    public int free() {
        return uploads.availablePermits() + forms.availablePermits();
    }
}
