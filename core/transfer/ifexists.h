#pragma once

// What an upload does when the server has a file of its name already (a protocol that can tell:
// WebDAV, SFTP; tus and S3 uploads always replace). One setting for every such protocol; the
// command line's --if-exists (core/cli/ifexistsoption.h) sets it.
enum class IfExists {
    Overwrite, // replace it (the default, as tus and S3 do)
    Skip,      // leave it as it is, upload nothing: the row ends as done, saying so
    Rename,    // upload beside it as "NAME (2).EXT", "(3)", ... the first name free
    Ask,       // the window asks the person (ExistingFileQuestion); never headless
};
