#pragma once

#include <QIcon>

// The window's icons: the SVGs in resources/, or the style's own when the SVG plugin is missing.
class Icons final {
public:
    static QIcon pause();
    static QIcon resume();
    static QIcon cancel();
    static QIcon retry();
    static QIcon addFiles();
    static QIcon addFolder();
    static QIcon clear();
    static QIcon token();
    // A blue check mark: fine, without relying on green.
    static QIcon check();
    static QIcon copy();
    static QIcon settings();
    // The Server field's: "This computer", an endpoint problem, an S3 bucket, an SFTP server,
    // a WebDAV folder, clearing the text.
    static QIcon computer();
    static QIcon warning();
    static QIcon bucket();
    static QIcon sftpServer();
    static QIcon webDavFolder();
    static QIcon clearText();
    static QIcon app();
};
