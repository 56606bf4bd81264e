package io.c2spark.spark.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import org.apache.hadoop.fs.FSError;

/**
 * Why an I/O call failed, in words: java.nio's exceptions carry the operating system's reason in
 * their type and only the file in their message (an AccessDeniedException says "/x/y"), Hadoop's
 * and java.io's in their message ("/x/y (Permission denied)").
 */
public final class IoReasons {
    private IoReasons() {
    }

    public static String of(IOException e) {
        if (e instanceof FileSystemException && ((FileSystemException) e).getReason() == null) {
            String file = ((FileSystemException) e).getFile();
            if (e instanceof AccessDeniedException) {
                return file + ": permission denied";
            }
            if (e instanceof NoSuchFileException) {
                return file + ": no such file or directory";
            }
            if (e instanceof NotDirectoryException) {
                return file + ": not a directory";
            }
            if (e instanceof java.nio.file.FileAlreadyExistsException) {
                return file + ": exists";
            }
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getName() : m;
    }

    /**
     * Why a write failed: as {@link #of(IOException)}, also for the FSError (an Error) in which
     * Hadoop's local file system wraps a failed write's IOException (a full disk: ENOSPC).
     */
    public static String ofWrite(Throwable e) {
        Throwable t = e instanceof FSError && e.getCause() instanceof IOException ? e.getCause() : e;
        return t instanceof IOException io ? of(io) : t.toString();
    }
}
