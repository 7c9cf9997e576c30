#pragma once

#include <libssh/sftp.h>

class SftpConnection;

// Ends an open remote file, also when its connection is gone: sftp_close() then frees it after
// asking the server to close the handle, but a connection closed meanwhile (SftpConnection::close
// freed the SFTP session the file points to) cannot be asked, and libssh 0.10 has no call that
// frees a file without asking. Its struct is public there: freed here, as sftp_close() frees it.
// The server closes its handles when the session ends.
void closeRemoteFile(const SftpConnection *connection, sftp_file file);
