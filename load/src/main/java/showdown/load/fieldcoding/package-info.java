/**
 * What HTTP/2's HPACK (RFC 7541) and HTTP/3's QPACK (RFC 9204) field coding share: the Huffman
 * code and prefix integers, and reading a {@code :status} value. Used by both protocols' readers and
 * by the HTTP/3 request encoder.
 */
package showdown.load.fieldcoding;
