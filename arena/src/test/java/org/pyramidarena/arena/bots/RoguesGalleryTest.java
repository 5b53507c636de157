package org.pyramidarena.arena.bots;

import org.pyramidarena.arena.sandbox.Sandbox;

/** The rogues' gallery with bot processes outside any sandbox ({@code --sandbox none}). */
class RoguesGalleryTest extends RoguesGallery {

    @Override
    Sandbox sandbox() {
        return Sandbox.none();
    }

    @Override
    String sandboxOption() {
        return "none";
    }

    @Override
    String memoryOption() {
        return "32m";
    }
}
