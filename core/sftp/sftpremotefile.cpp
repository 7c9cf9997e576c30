#include "sftpremotefile.h"

#include "sftpconnection.h"

#include <cstdlib>

void closeRemoteFile(const SftpConnection *connection, sftp_file file)
{
    if (!file)
        return;
    if (connection->isOpen()) {
        sftp_close(file);
        return;
    }
    std::free(file->name);
    ssh_string_free(file->handle);
    std::free(file);
}
