/**
 * The part of yauzl 3 (https://github.com/thejoshwolfe/yauzl) the Allure reader uses; the package
 * ships no types.
 */
declare module 'yauzl' {
  import type { Readable } from 'node:stream';

  export interface Entry {
    fileName: string;
    compressedSize: number;
    uncompressedSize: number;
    /** Bit 0: encrypted. */
    generalPurposeBitFlag: number;
    /** 0 stored, 8 deflated. */
    compressionMethod: number;
    /** Where the entry's local header starts in the archive. */
    relativeOffsetOfLocalHeader: number;
  }
  export interface Options {
    /** Checks that each entry inflates to exactly the size it declares. */
    validateEntrySizes?: boolean;
    /** Decodes names, and refuses absolute paths and ".." segments (the default). */
    decodeStrings?: boolean;
    strictFileNames?: boolean;
  }
  export interface ZipFile {
    /** As the central directory's end says, before any entry is read. */
    entryCount: number;
    eachEntry(): AsyncIterable<Entry>;
    openReadStreamPromise(entry: Entry): Promise<Readable>;
    close(): void;
  }
  const yauzl: {
    fromBufferPromise(buffer: Buffer, options?: Options): Promise<ZipFile>;
  };
  export default yauzl;
}
