/** The {@code caliber} command line: parses options, calls one library method, renders. */
module dev.caliber.cli {
  requires dev.caliber.core;
  requires dev.caliber.compare;
  requires dev.caliber.history;
  requires dev.caliber.lucene;
  requires dev.caliber.remote;
  requires info.picocli;
  requires java.logging; // to quiet Lucene's notices (LuceneEngine)

  // picocli reads and sets the commands' annotated fields reflectively.
  opens dev.caliber.cli to info.picocli;
}
