package dev.caliber.io.text;

import static dev.caliber.io.text.TestInputs.utf8;

import java.io.ByteArrayOutputStream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/** A gzip member written by hand (RFC 1952), so that any header field can be set or broken. */
final class GzipMember {
  static final int FHCRC = 2;
  static final int FEXTRA = 4;
  static final int FNAME = 8;
  static final int FCOMMENT = 16;

  final byte[] data;
  int method = 8;
  int flags;
  int extraLength;
  boolean badHeaderCrc;
  int crcDelta;
  int sizeDelta;

  GzipMember(byte[] data) {
    this.data = data;
  }

  GzipMember flags(int f) {
    flags = f;
    return this;
  }

  byte[] bytes() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {0x1f, (byte) 0x8b, (byte) method, (byte) flags, 1, 2, 3, 4, 0, 3});
    if ((flags & FEXTRA) != 0) {
      out.write(extraLength & 0xff);
      out.write(extraLength >>> 8);
      for (int i = 0; i < extraLength; i++) {
        out.write(i == extraLength - 1 ? 0 : 'e'); // ends in a zero byte, as a name would
      }
    }
    if ((flags & FNAME) != 0) {
      out.writeBytes(utf8("run.txt\0"));
    }
    if ((flags & FCOMMENT) != 0) {
      out.writeBytes(utf8("a comment\0"));
    }
    if ((flags & FHCRC) != 0) {
      CRC32 headerCrc = new CRC32();
      headerCrc.update(out.toByteArray());
      int h = (int) headerCrc.getValue() ^ (badHeaderCrc ? 1 : 0);
      out.write(h & 0xff);
      out.write((h >>> 8) & 0xff);
    }
    Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    deflater.setInput(data);
    deflater.finish();
    byte[] buf = new byte[4096];
    while (!deflater.finished()) {
      out.write(buf, 0, deflater.deflate(buf));
    }
    deflater.end();
    CRC32 crc = new CRC32();
    crc.update(data);
    writeInt(out, (int) crc.getValue() + crcDelta);
    writeInt(out, data.length + sizeDelta);
    return out.toByteArray();
  }

  private static void writeInt(ByteArrayOutputStream out, int v) {
    for (int i = 0; i < 4; i++) {
      out.write((v >>> (8 * i)) & 0xff);
    }
  }
}
