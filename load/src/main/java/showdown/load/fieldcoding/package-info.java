/**
 * What HTTP/2's HPACK (RFC 7541) and HTTP/3's QPACK (RFC 9204) field coding share: the Huffman
 * code, prefix integers (read and written), and reading a {@code :status} value. Used by both
 * protocols' readers and request encoders.
 */
package showdown.load.fieldcoding;
