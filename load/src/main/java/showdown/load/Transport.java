package showdown.load;

/** The socket layer under the event loops. {@link #AUTO} takes the fastest one that loads here. */
public enum Transport {
    AUTO, EPOLL, IO_URING, NIO
}
