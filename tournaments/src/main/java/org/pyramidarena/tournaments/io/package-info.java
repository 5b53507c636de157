/**
 * The files a tournament leaves behind, through Commons CSV: {@code results.csv} (appended as matches end,
 * read back into match records), {@code standings.csv} and {@code balance.csv}, plus their terminal tables.
 */
package org.pyramidarena.tournaments.io;
