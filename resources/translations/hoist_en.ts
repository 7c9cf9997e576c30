<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AwsCredentialsFile</name>
    <message>
        <source>it has no profile [%1]</source>
        <translation>it has no profile [%1]</translation>
    </message>
    <message>
        <source>its profile [%1] has no aws_access_key_id</source>
        <translation>its profile [%1] has no aws_access_key_id</translation>
    </message>
    <message>
        <source>its profile [%1] has no aws_secret_access_key</source>
        <translation>its profile [%1] has no aws_secret_access_key</translation>
    </message>
    <message>
        <source>it is too large to be a credentials file</source>
        <translation>it is too large to be a credentials file</translation>
    </message>
</context>
<context>
    <name>BatchActionRunner</name>
    <message>
        <source>Uploads finished</source>
        <translation>Uploads finished</translation>
    </message>
    <message>
        <source>Uploads failed</source>
        <translation>Uploads failed</translation>
    </message>
    <message>
        <source>No command to run</source>
        <translation>No command to run</translation>
    </message>
    <message>
        <source>The uploads have ended, but no command is set (Settings, “When a batch finishes”).</source>
        <translation>The uploads have ended, but no command is set (Settings, “When a batch finishes”).</translation>
    </message>
    <message>
        <source>The command after the uploads failed</source>
        <translation>The command after the uploads failed</translation>
    </message>
    <message>
        <source>The computer could not be suspended</source>
        <translation>The computer could not be suspended</translation>
    </message>
    <message>
        <source>The computer could not be shut down</source>
        <translation>The computer could not be shut down</translation>
    </message>
</context>
<context>
    <name>BatchCommand</name>
    <message>
        <source>The list of files for the command could not be written to %1.</source>
        <translation>The list of files for the command could not be written to %1.</translation>
    </message>
    <message>
        <source>The command after the uploads was stopped by a signal.</source>
        <translation>The command after the uploads was stopped by a signal.</translation>
    </message>
    <message>
        <source>The command after the uploads ended with exit status %1.</source>
        <translation>The command after the uploads ended with exit status %1.</translation>
    </message>
    <message>
        <source>It said: %1</source>
        <translation>It said: %1</translation>
    </message>
    <message>
        <source>The command after the uploads could not start: %1</source>
        <translation>The command after the uploads could not start: %1</translation>
    </message>
</context>
<context>
    <name>BatchWatcher</name>
    <message>
        <source>1 upload finished</source>
        <translation>1 upload finished</translation>
    </message>
    <message>
        <source>%1 uploads finished</source>
        <translation>%1 uploads finished</translation>
    </message>
    <message>
        <source>1 upload failed</source>
        <translation>1 upload failed</translation>
    </message>
    <message>
        <source>%1 uploads failed</source>
        <translation>%1 uploads failed</translation>
    </message>
    <message>
        <source>%1 finished, %2 failed</source>
        <translation>%1 finished, %2 failed</translation>
    </message>
</context>
<context>
    <name>CancelQuestion</name>
    <message>
        <source>Cancel this upload?</source>
        <translation>Cancel this upload?</translation>
    </message>
    <message numerus="yes">
        <source>Cancel %n uploads?</source>
        <translation>
            <numerusform>Cancel %n upload?</numerusform>
            <numerusform>Cancel %n uploads?</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing of it has been sent yet.</source>
        <translation>Nothing of it has been sent yet.</translation>
    </message>
    <message>
        <source>What it already sent is deleted from the server, where the server allows it.</source>
        <translation>What it already sent is deleted from the server, where the server allows it.</translation>
    </message>
    <message>
        <source>None of them has sent anything yet.</source>
        <translation>None of them has sent anything yet.</translation>
    </message>
    <message>
        <source>What they already sent is deleted from the server, where the server allows it.</source>
        <translation>What they already sent is deleted from the server, where the server allows it.</translation>
    </message>
    <message numerus="yes">
        <source>%n of them had already sent part of their file: that part is deleted from the server, where the server allows it.</source>
        <translation>
            <numerusform>%n of them had already sent part of its file: that part is deleted from the server, where the server allows it.</numerusform>
            <numerusform>%n of them had already sent part of their file: that part is deleted from the server, where the server allows it.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel uploads</source>
        <translation>Cancel uploads</translation>
    </message>
</context>
<context>
    <name>CertificateActions</name>
    <message>
        <source>Trust this certificate?</source>
        <translation>Trust this certificate?</translation>
    </message>
    <message>
        <source>%1.

Trust this certificate for %2 only, from now on? Its SHA-256 fingerprint is:

%3</source>
        <translation>%1.

Trust this certificate for %2 only, from now on? Its SHA-256 fingerprint is:

%3</translation>
    </message>
    <message>
        <source>View certificate of %1…</source>
        <translation>View certificate of %1…</translation>
    </message>
    <message>
        <source>View certificate…</source>
        <translation>View certificate…</translation>
    </message>
    <message>
        <source>Trust this certificate for %1…</source>
        <translation>Trust this certificate for %1…</translation>
    </message>
</context>
<context>
    <name>CertificateDialog</name>
    <message>
        <source>(none)</source>
        <translation>(none)</translation>
    </message>
    <message>
        <source>Certificate of %1</source>
        <translation>Certificate of %1</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Server:</translation>
    </message>
    <message>
        <source>Issued to:</source>
        <translation>Issued to:</translation>
    </message>
    <message>
        <source>Issued by:</source>
        <translation>Issued by:</translation>
    </message>
    <message>
        <source>Names:</source>
        <translation>Names:</translation>
    </message>
    <message>
        <source>Valid from:</source>
        <translation>Valid from:</translation>
    </message>
    <message>
        <source>Valid until:</source>
        <translation>Valid until:</translation>
    </message>
    <message>
        <source>SHA-256 fingerprint:</source>
        <translation>SHA-256 fingerprint:</translation>
    </message>
    <message>
        <source>Trust it only if the server&apos;s owner confirms this fingerprint. It will be trusted for %1 alone, and only while it stays this certificate with these problems.</source>
        <translation>Trust it only if the server&apos;s owner confirms this fingerprint. It will be trusted for %1 alone, and only while it stays this certificate with these problems.</translation>
    </message>
    <message>
        <source>Trust this certificate for %1</source>
        <translation>Trust this certificate for %1</translation>
    </message>
</context>
<context>
    <name>CertificateTrust</name>
    <message>
        <source>The certificate of %1 was revoked by its issuer</source>
        <translation>The certificate of %1 was revoked by its issuer</translation>
    </message>
    <message>
        <source>The certificate of %1 is on the list of certificates never to trust</source>
        <translation>The certificate of %1 is on the list of certificates never to trust</translation>
    </message>
    <message>
        <source>The certificate of %1 is self-signed</source>
        <translation>The certificate of %1 is self-signed</translation>
    </message>
    <message>
        <source>The certificate of %1 is issued by an authority this computer does not trust</source>
        <translation>The certificate of %1 is issued by an authority this computer does not trust</translation>
    </message>
    <message>
        <source>The certificate of %1 expired on %2</source>
        <translation>The certificate of %1 expired on %2</translation>
    </message>
    <message>
        <source>The certificate of %1 is not valid before %2</source>
        <translation>The certificate of %1 is not valid before %2</translation>
    </message>
    <message>
        <source>The certificate of %1 is for another name (%2)</source>
        <translation>The certificate of %1 is for another name (%2)</translation>
    </message>
    <message>
        <source>The certificate of %1 was refused: %2</source>
        <translation>The certificate of %1 was refused: %2</translation>
    </message>
    <message>
        <source>it is for %1</source>
        <translation>it is for %1</translation>
    </message>
    <message>
        <source>it expired on %1</source>
        <translation>it expired on %1</translation>
    </message>
    <message>
        <source>%1; also, %2</source>
        <translation>%1; also, %2</translation>
    </message>
    <message>
        <source>; </source>
        <translation>; </translation>
    </message>
</context>
<context>
    <name>ChunkBarPainter</name>
    <message>
        <source>Sent</source>
        <translation>Sent</translation>
    </message>
    <message>
        <source>On its way</source>
        <translation>On its way</translation>
    </message>
    <message>
        <source>Failed, sent again</source>
        <translation>Failed, sent again</translation>
    </message>
    <message>
        <source>Not sent yet</source>
        <translation>Not sent yet</translation>
    </message>
</context>
<context>
    <name>ChunkMapView</name>
    <message>
        <source>Chunk map</source>
        <translation>Chunk map</translation>
    </message>
</context>
<context>
    <name>CloseGuard</name>
    <message>
        <source>Hoist</source>
        <translation>Hoist</translation>
    </message>
    <message>
        <source>An upload is still running or waiting.</source>
        <translation>An upload is still running or waiting.</translation>
    </message>
    <message>
        <source>%1 uploads are still running or waiting.</source>
        <translation>%1 uploads are still running or waiting.</translation>
    </message>
    <message>
        <source>Hoist can keep uploading in the tray, or quit and go on from where the server has them when it starts again.</source>
        <translation>Hoist can keep uploading in the tray, or quit and go on from where the server has them when it starts again.</translation>
    </message>
    <message>
        <source>Quit now and Hoist goes on from where the server has them when it starts again.</source>
        <translation>Quit now and Hoist goes on from where the server has them when it starts again.</translation>
    </message>
    <message>
        <source>&amp;Keep uploading in the tray</source>
        <translation>&amp;Keep uploading in the tray</translation>
    </message>
    <message>
        <source>&amp;Quit; resume next time</source>
        <translation>&amp;Quit; resume next time</translation>
    </message>
    <message>
        <source>&amp;Don&apos;t ask again (Settings can change it)</source>
        <translation>&amp;Don&apos;t ask again (Settings can change it)</translation>
    </message>
</context>
<context>
    <name>ColumnChooser</name>
    <message>
        <source>%1 (no room: widen the window)</source>
        <translation>%1 (no room: widen the window)</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>%1: %2
Try &apos;%1 --help&apos; for more information.
</source>
        <translation>%1: %2
Try &apos;%1 --help&apos; for more information.
</translation>
    </message>
    <message>
        <source>--header needs the form &quot;Name: value&quot; (no colon found)</source>
        <translation>--header needs the form &quot;Name: value&quot; (no colon found)</translation>
    </message>
    <message>
        <source>--header needs the form &quot;Name: value&quot; (the name is empty)</source>
        <translation>--header needs the form &quot;Name: value&quot; (the name is empty)</translation>
    </message>
    <message>
        <source>--header name is not a valid HTTP header name</source>
        <translation>--header name is not a valid HTTP header name</translation>
    </message>
    <message>
        <source>--header %1: the value contains a line break</source>
        <translation>--header %1: the value contains a line break</translation>
    </message>
    <message>
        <source>--header %1: Hoist sets this header itself</source>
        <translation>--header %1: Hoist sets this header itself</translation>
    </message>
    <message>
        <source>--endpoint has no host</source>
        <translation>--endpoint has no host</translation>
    </message>
    <message>
        <source>Upload without a window; one result line per file on stdout.</source>
        <translation>Upload without a window; one result line per file on stdout.</translation>
    </message>
    <message>
        <source>Requests at once to one server, %1-%2 (default: as many as --concurrency).</source>
        <translation>Requests at once to one server, %1-%2 (default: as many as --concurrency).</translation>
    </message>
    <message>
        <source>Bytes per request: 8M, 512K, 1048576... at least 1K (default: chunks of 8M, several per request up to 64M while the link is fast).</source>
        <translation>Bytes per request: 8M, 512K, 1048576... at least 1K (default: chunks of 8M, several per request up to 64M while the link is fast).</translation>
    </message>
    <message>
        <source>Upload at most this many bytes per second in all: 500K, 10M, 1.5M/s... (binary units; default: no limit).</source>
        <translation>Upload at most this many bytes per second in all: 500K, 10M, 1.5M/s... (binary units; default: no limit).</translation>
    </message>
    <message>
        <source>Extra HTTP header for every request, e.g. &quot;Authorization: Bearer ...&quot;. Repeatable.</source>
        <translation>Extra HTTP header for every request, e.g. &quot;Authorization: Bearer ...&quot;. Repeatable.</translation>
    </message>
    <message>
        <source>Where the upload queue is kept (default: the window&apos;s data folder; a headless run keeps none unless given one).</source>
        <translation>Where the upload queue is kept (default: the window&apos;s data folder; a headless run keeps none unless given one).</translation>
    </message>
    <message>
        <source>Send each file as one stream, never as parallel parts (which servers offering tus concatenation get by default for large files).</source>
        <translation>Send each file as one stream, never as parallel parts (which servers offering tus concatenation get by default for large files).</translation>
    </message>
    <message>
        <source>Files and folders to upload.</source>
        <translation>Files and folders to upload.</translation>
    </message>
    <message>
        <source>--state-dir needs a folder</source>
        <translation>--state-dir needs a folder</translation>
    </message>
    <message>
        <source>--per-server must be a whole number from %1 to %2</source>
        <translation>--per-server must be a whole number from %1 to %2</translation>
    </message>
    <message>
        <source>--limit-rate must be a rate such as 500K, 10M or 1048576 (bytes per second), at least 1K</source>
        <translation>--limit-rate must be a rate such as 500K, 10M or 1048576 (bytes per second), at least 1K</translation>
    </message>
    <message>
        <source>--chunk-size must be a size such as 8M, 512K or 1048576</source>
        <translation>--chunk-size must be a size such as 8M, 512K or 1048576</translation>
    </message>
    <message>
        <source>--chunk-size must be at least 1K</source>
        <translation>--chunk-size must be at least 1K</translation>
    </message>
    <message>
        <source>--headless needs at least one file or folder (or --state-dir to resume a queue)</source>
        <translation>--headless needs at least one file or folder (or --state-dir to resume a queue)</translation>
    </message>
    <message>
        <source>--headless needs --endpoint URL</source>
        <translation>--headless needs --endpoint URL</translation>
    </message>
    <message>
        <source>--endpoint %1 is not a valid s3://BUCKET/PREFIX address: %2</source>
        <translation>--endpoint %1 is not a valid s3://BUCKET/PREFIX address: %2</translation>
    </message>
    <message>
        <source>Hoist uploads files and folders to a tus server or an S3 bucket, several at once, resuming where a connection broke. Without --headless it opens a window with the paths queued.
S3 keys come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or from --s3-credentials.</source>
        <translation>Hoist uploads files and folders to a tus server or an S3 bucket, several at once, resuming where a connection broke. Without --headless it opens a window with the paths queued.
S3 keys come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or from --s3-credentials.</translation>
    </message>
    <message>
        <source>The S3 service an s3:// endpoint is on, e.g. http://127.0.0.1:8000 (default: AWS, https://s3.REGION.amazonaws.com).</source>
        <translation>The S3 service an s3:// endpoint is on, e.g. http://127.0.0.1:8000 (default: AWS, https://s3.REGION.amazonaws.com).</translation>
    </message>
    <message>
        <source>The S3 region requests are signed for (default us-east-1).</source>
        <translation>The S3 region requests are signed for (default us-east-1).</translation>
    </message>
    <message>
        <source>Bucket addressing: path (SERVICE/BUCKET/KEY, the default with --s3-endpoint) or virtual (BUCKET.SERVICE/KEY, AWS&apos;s default).</source>
        <translation>Bucket addressing: path (SERVICE/BUCKET/KEY, the default with --s3-endpoint) or virtual (BUCKET.SERVICE/KEY, AWS&apos;s default).</translation>
    </message>
    <message>
        <source>An AWS shared credentials file (the format of ~/.aws/credentials) to read the S3 keys from: profile AWS_PROFILE, else default.</source>
        <translation>An AWS shared credentials file (the format of ~/.aws/credentials) to read the S3 keys from: profile AWS_PROFILE, else default.</translation>
    </message>
    <message>
        <source>--%1 is for an s3:// --endpoint</source>
        <translation>--%1 is for an s3:// --endpoint</translation>
    </message>
    <message>
        <source>an s3:// endpoint needs keys: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or give --s3-credentials FILE</source>
        <translation>an s3:// endpoint needs keys: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or give --s3-credentials FILE</translation>
    </message>
    <message>
        <source>--schedule %1: %2</source>
        <translation>--schedule %1: %2</translation>
    </message>
    <message>
        <source>Full speed, a limit or a pause by the hour of the week, one rule a line: &quot;Mon-Fri 09-17 limit 2M&quot;, &quot;Sat,Sun paused&quot;, &quot;* 23-07 full&quot; (later lines win; # comments).</source>
        <translation>Full speed, a limit or a pause by the hour of the week, one rule a line: &quot;Mon-Fri 09-17 limit 2M&quot;, &quot;Sat,Sun paused&quot;, &quot;* 23-07 full&quot; (later lines win; # comments).</translation>
    </message>
    <message>
        <source>On a metered connection: pause (the default), limit:RATE (e.g. limit:512K) or ignore.</source>
        <translation>On a metered connection: pause (the default), limit:RATE (e.g. limit:512K) or ignore.</translation>
    </message>
    <message>
        <source>Leave out of folders what matches this pattern: *.tmp, ~$*, .git/ (a trailing slash: folders only). Repeatable; added to the defaults (%1).</source>
        <translation>Leave out of folders what matches this pattern: *.tmp, ~$*, .git/ (a trailing slash: folders only). Repeatable; added to the defaults (%1).</translation>
    </message>
    <message>
        <source>With --headless, leave out only what --exclude says (the window&apos;s list is in its Settings).</source>
        <translation>With --headless, leave out only what --exclude says (the window&apos;s list is in its Settings).</translation>
    </message>
    <message>
        <source>Keep uploading what appears or changes in this folder, once it settled, until stopped (SIGTERM). Repeatable. With --headless, a queue and the list of what was uploaded are kept in --state-dir (default: the data folder&apos;s watch/).</source>
        <translation>Keep uploading what appears or changes in this folder, once it settled, until stopped (SIGTERM). Repeatable. With --headless, a queue and the list of what was uploaded are kept in --state-dir (default: the data folder&apos;s watch/).</translation>
    </message>
    <message>
        <source>Seconds a watched file must stay unchanged before it is sent (default 3).</source>
        <translation>Seconds a watched file must stay unchanged before it is sent (default 3).</translation>
    </message>
    <message>
        <source>Seconds between scans of a watched folder too large for inotify&apos;s watches (default 60).</source>
        <translation>Seconds between scans of a watched folder too large for inotify&apos;s watches (default 60).</translation>
    </message>
    <message>
        <source>--on-metered must be pause, ignore or limit:RATE (a rate such as 512K, at least 1K)</source>
        <translation>--on-metered must be pause, ignore or limit:RATE (a rate such as 512K, at least 1K)</translation>
    </message>
    <message>
        <source>--give-up-after must be a duration such as 30s, 10m, 24h or 7d, or never</source>
        <translation>--give-up-after must be a duration such as 30s, 10m, 24h or 7d, or never</translation>
    </message>
    <message>
        <source>--exclude: %1</source>
        <translation>--exclude: %1</translation>
    </message>
    <message>
        <source>--watch needs a folder</source>
        <translation>--watch needs a folder</translation>
    </message>
    <message>
        <source>--watch %1 is not a folder</source>
        <translation>--watch %1 is not a folder</translation>
    </message>
    <message>
        <source>%1 does not exist (yet): it is watched for</source>
        <translation>%1 does not exist (yet): it is watched for</translation>
    </message>
    <message>
        <source>--settle must be a number of seconds, e.g. 3 or 0.5</source>
        <translation>--settle must be a number of seconds, e.g. 3 or 0.5</translation>
    </message>
    <message>
        <source>--rescan must be a number of seconds, e.g. 60</source>
        <translation>--rescan must be a number of seconds, e.g. 60</translation>
    </message>
    <message>
        <source>--watch needs --endpoint URL with --headless</source>
        <translation>--watch needs --endpoint URL with --headless</translation>
    </message>
    <message>
        <source>With --headless, what to do after the last file: nothing (the default), command (see --when-done-run), suspend or shutdown (through logind, after a 60-second countdown on stderr that Ctrl+C or SIGTERM cancels).</source>
        <translation>With --headless, what to do after the last file: nothing (the default), command (see --when-done-run), suspend or shutdown (through logind, after a 60-second countdown on stderr that Ctrl+C or SIGTERM cancels).</translation>
    </message>
    <message>
        <source>With --headless, run this /bin/sh command after the last file; HOIST_FINISHED_LIST and HOIST_FAILED_LIST name files listing the paths, HOIST_FINISHED_COUNT and HOIST_FAILED_COUNT count them. Implies --when-done command.</source>
        <translation>With --headless, run this /bin/sh command after the last file; HOIST_FINISHED_LIST and HOIST_FAILED_LIST name files listing the paths, HOIST_FINISHED_COUNT and HOIST_FAILED_COUNT count them. Implies --when-done command.</translation>
    </message>
    <message>
        <source>--when-done and --when-done-run are for --headless runs (the window has them in its settings)</source>
        <translation>--when-done and --when-done-run are for --headless runs (the window has them in its settings)</translation>
    </message>
    <message>
        <source>--when-done must be nothing, command, suspend or shutdown</source>
        <translation>--when-done must be nothing, command, suspend or shutdown</translation>
    </message>
    <message>
        <source>--when-done command needs --when-done-run COMMAND</source>
        <translation>--when-done command needs --when-done-run COMMAND</translation>
    </message>
    <message>
        <source>--when-done-run goes with --when-done command (or alone)</source>
        <translation>--when-done-run goes with --when-done command (or alone)</translation>
    </message>
    <message>
        <source>--when-done acts once the files given beside --watch have ended; a watched folder&apos;s own uploads never set it off</source>
        <translation>--when-done acts once the files given beside --watch have ended; a watched folder&apos;s own uploads never set it off</translation>
    </message>
    <message>
        <source>Requests at once: auto (the default: each server&apos;s find their own level) or a fixed number, %1-%2.</source>
        <translation>Requests at once: auto (the default: each server&apos;s find their own level) or a fixed number, %1-%2.</translation>
    </message>
    <message>
        <source>--concurrency must be auto or a whole number from %1 to %2</source>
        <translation>--concurrency must be auto or a whole number from %1 to %2</translation>
    </message>
    <message>
        <source>Give an upload up after this long without progress while its server does not answer or keeps failing: 30s, 10m, 24h (the default), 7d, or never. A server that says it will come back (507: its disk is full; 429; Retry-After) is waited for however long it takes.</source>
        <translation>Give an upload up after this long without progress while its server does not answer or keeps failing: 30s, 10m, 24h (the default), 7d, or never. A server that says it will come back (507: its disk is full; 429; Retry-After) is waited for however long it takes.</translation>
    </message>
    <message>
        <source>With --headless and --state-dir, start every failed upload of that queue again, whatever stopped it (a file given again is retried without it).</source>
        <translation>With --headless and --state-dir, start every failed upload of that queue again, whatever stopped it (a file given again is retried without it).</translation>
    </message>
    <message>
        <source>--retry-failed needs --headless and --state-dir (in the window: Retry failed, under Resume all)</source>
        <translation>--retry-failed needs --headless and --state-dir (in the window: Retry failed, under Resume all)</translation>
    </message>
    <message>
        <source>--endpoint %1: %2</source>
        <translation>--endpoint %1: %2</translation>
    </message>
    <message>
        <source>--endpoint must be an http:// or https:// URL, s3://BUCKET/PREFIX, dav(s)://HOST/PATH or sftp://USER@HOST/FOLDER</source>
        <translation>--endpoint must be an http:// or https:// URL, s3://BUCKET/PREFIX, dav(s)://HOST/PATH or sftp://USER@HOST/FOLDER</translation>
    </message>
    <message>
        <source>The tus endpoint to create uploads at (http or https), an S3 bucket and key prefix: s3://BUCKET/PREFIX, or a WebDAV folder: dav://[USER@]HOST[:PORT]/PATH (davs:// for HTTPS; the password in HOIST_DAV_PASSWORD).</source>
        <translation>The tus endpoint to create uploads at (http or https), an S3 bucket and key prefix: s3://BUCKET/PREFIX, or a WebDAV folder: dav://[USER@]HOST[:PORT]/PATH (davs:// for HTTPS; the password in HOIST_DAV_PASSWORD).</translation>
    </message>
    <message>
        <source>When the server has a file of that name already (WebDAV, SFTP): skip it (SFTP: when its size and time match, else the upload fails), overwrite it (the default) or rename the upload to &quot;NAME (2).EXT&quot;.</source>
        <translation>When the server has a file of that name already (WebDAV, SFTP): skip it (SFTP: when its size and time match, else the upload fails), overwrite it (the default) or rename the upload to &quot;NAME (2).EXT&quot;.</translation>
    </message>
    <message>
        <source>The SSH key file to sign in to sftp:// servers with, after ssh-agent&apos;s keys (default: ~/.ssh/id_ed25519, id_ecdsa, id_rsa).</source>
        <translation>The SSH key file to sign in to sftp:// servers with, after ssh-agent&apos;s keys (default: ~/.ssh/id_ed25519, id_ecdsa, id_rsa).</translation>
    </message>
    <message>
        <source>The known_hosts file sftp:// servers&apos; keys are checked against (default: ~/.ssh/known_hosts).</source>
        <translation>The known_hosts file sftp:// servers&apos; keys are checked against (default: ~/.ssh/known_hosts).</translation>
    </message>
    <message>
        <source>Accept an unknown sftp:// server whose host key has this fingerprint, as Hoist printed it (SHA256:...), and add it to the known hosts. Repeatable. A key that differs from a known one is never accepted.</source>
        <translation>Accept an unknown sftp:// server whose host key has this fingerprint, as Hoist printed it (SHA256:...), and add it to the known hosts. Repeatable. A key that differs from a known one is never accepted.</translation>
    </message>
    <message>
        <source>--ssh-identity %1: no such file</source>
        <translation>--ssh-identity %1: no such file</translation>
    </message>
    <message>
        <source>--ssh-accept-host-key needs a fingerprint as Hoist prints it: SHA256: and 43 characters</source>
        <translation>--ssh-accept-host-key needs a fingerprint as Hoist prints it: SHA256: and 43 characters</translation>
    </message>
</context>
<context>
    <name>CountdownDialog</name>
    <message>
        <source>Suspend the computer</source>
        <translation>Suspend the computer</translation>
    </message>
    <message>
        <source>Shut down the computer</source>
        <translation>Shut down the computer</translation>
    </message>
    <message>
        <source>Suspend now</source>
        <translation>Suspend now</translation>
    </message>
    <message>
        <source>Shut down now</source>
        <translation>Shut down now</translation>
    </message>
    <message>
        <source>Hoist will suspend this computer in 1 second.</source>
        <translation>Hoist will suspend this computer in 1 second.</translation>
    </message>
    <message>
        <source>Hoist will shut down this computer in 1 second.</source>
        <translation>Hoist will shut down this computer in 1 second.</translation>
    </message>
    <message>
        <source>Hoist will suspend this computer in %1 seconds.</source>
        <translation>Hoist will suspend this computer in %1 seconds.</translation>
    </message>
    <message>
        <source>Hoist will shut down this computer in %1 seconds.</source>
        <translation>Hoist will shut down this computer in %1 seconds.</translation>
    </message>
</context>
<context>
    <name>DamagedRows</name>
    <message numerus="yes">
        <source>%n upload(s) in the queue could not be read back: the record was damaged. Left out of the queue, kept unchanged in the table damaged_tasks of %1.</source>
        <translation>
            <numerusform>%n upload in the queue could not be read back: the record was damaged. Left out of the queue, kept unchanged in the table damaged_tasks of %1.</numerusform>
            <numerusform>%n uploads in the queue could not be read back: the records were damaged. Left out of the queue, kept unchanged in the table damaged_tasks of %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n upload(s) in the queue could not be read back: the record was damaged. Left out of the queue; they stay in %1 as they are.</source>
        <translation>
            <numerusform>%n upload in the queue could not be read back: the record was damaged. Left out of the queue; it stays in %1 as it is.</numerusform>
            <numerusform>%n uploads in the queue could not be read back: the records were damaged. Left out of the queue; they stay in %1 as they are.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DesktopShell</name>
    <message>
        <source>Hoist keeps uploading</source>
        <translation>Hoist keeps uploading</translation>
    </message>
    <message>
        <source>Click the icon to show the window again; its menu quits.</source>
        <translation>Click the icon to show the window again; its menu quits.</translation>
    </message>
</context>
<context>
    <name>DetailsPane</name>
    <message>
        <source>under 1 s</source>
        <translation>under 1 s</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>General</source>
        <translation>General</translation>
    </message>
    <message>
        <source>Try</source>
        <translation>Try</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Started</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>Took</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>Sent</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Ended</translation>
    </message>
    <message>
        <source>Tries</source>
        <translation>Tries</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Speed</translation>
    </message>
    <message>
        <source>Show details of the selected upload (%1)</source>
        <translation>Show details of the selected upload (%1)</translation>
    </message>
    <message>
        <source>Copy %1</source>
        <translation>Copy %1</translation>
    </message>
    <message>
        <source>File</source>
        <translation>File</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Upload URL</source>
        <translation>Upload URL</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>File:</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Server:</translation>
    </message>
    <message>
        <source>Upload URL:</source>
        <translation>Upload URL:</translation>
    </message>
    <message>
        <source>Added:</source>
        <translation>Added:</translation>
    </message>
    <message>
        <source>Started:</source>
        <translation>Started:</translation>
    </message>
    <message>
        <source>Finished:</source>
        <translation>Finished:</translation>
    </message>
    <message>
        <source>Time spent:</source>
        <translation>Time spent:</translation>
    </message>
    <message>
        <source>Average speed:</source>
        <translation>Average speed:</translation>
    </message>
    <message>
        <source>Select an upload to see its details</source>
        <translation>Select an upload to see its details</translation>
    </message>
    <message>
        <source>None yet</source>
        <translation>None yet</translation>
    </message>
    <message>
        <source>No tries since Hoist started (tries are not kept across restarts)</source>
        <translation>No tries since Hoist started (tries are not kept across restarts)</translation>
    </message>
    <message>
        <source>Tries (%1)</source>
        <translation>Tries (%1)</translation>
    </message>
    <message>
        <source>Still sending</source>
        <translation>Still sending</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Finished</translation>
    </message>
    <message>
        <source>Stopped (paused, cancelled or moved)</source>
        <translation>Stopped (paused, cancelled or moved)</translation>
    </message>
    <message>
        <source>No: the server&apos;s copy differs from this file.</source>
        <translation>No: the server&apos;s copy differs from this file.</translation>
    </message>
    <message>
        <source>When the upload is done</source>
        <translation>When the upload is done</translation>
    </message>
    <message>
        <source>Yes. %1</source>
        <translation>Yes. %1</translation>
    </message>
    <message>
        <source>Not checked (uploaded before Hoist verified uploads)</source>
        <translation>Not checked (uploaded before Hoist verified uploads)</translation>
    </message>
    <message>
        <source>Verified:</source>
        <translation>Verified:</translation>
    </message>
    <message>
        <source>%1 of %2 (%3%)</source>
        <translation>%1 of %2 (%3%)</translation>
    </message>
    <message numerus="yes">
        <source>Sent as %n parallel parts (%1 sending, %2 done), joined when all are there; hover for their addresses</source>
        <translation>
            <numerusform>Sent as %n parallel part (%1 sending, %2 done), joined when it is there; hover for its address</numerusform>
            <numerusform>Sent as %n parallel parts (%1 sending, %2 done), joined when all are there; hover for their addresses</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message numerus="yes">
        <source>%n requests to this server (Auto)</source>
        <translation>
            <numerusform>%n request to this server (Auto)</numerusform>
            <numerusform>%n requests to this server (Auto)</numerusform>
        </translation>
    </message>
    <message>
        <source>Auto (no level for this server yet)</source>
        <translation>Auto (no level for this server yet)</translation>
    </message>
    <message>
        <source>At most %1 in all, %2 to this server (fixed)</source>
        <translation>At most %1 in all, %2 to this server (fixed)</translation>
    </message>
    <message numerus="yes">
        <source>At most %n requests in all (fixed)</source>
        <translation>
            <numerusform>At most %n request in all (fixed)</numerusform>
            <numerusform>At most %n requests in all (fixed)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1
This upload: %n parts sending</source>
        <translation>
            <numerusform>%1
This upload: %n part sending</numerusform>
            <numerusform>%1
This upload: %n parts sending</numerusform>
        </translation>
    </message>
    <message>
        <source>At once:</source>
        <translation>At once:</translation>
    </message>
</context>
<context>
    <name>DuplicateBar</name>
    <message>
        <source>Add anyway</source>
        <translation>Add anyway</translation>
    </message>
    <message>
        <source>Upload them again, as new uploads</source>
        <translation>Upload them again, as new uploads</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>1 file is already in the queue and was not added again.</source>
        <translation>1 file is already in the queue and was not added again.</translation>
    </message>
    <message>
        <source>%1 files are already in the queue and were not added again.</source>
        <translation>%1 files are already in the queue and were not added again.</translation>
    </message>
    <message>
        <source>It changed since it was queued.</source>
        <translation>It changed since it was queued.</translation>
    </message>
    <message>
        <source>%1 of them changed since they were queued.</source>
        <translation>%1 of them changed since they were queued.</translation>
    </message>
    <message>
        <source>1 waiting upload now sends the newer version of its file.</source>
        <translation>1 waiting upload now sends the newer version of its file.</translation>
    </message>
    <message>
        <source>%1 waiting uploads now send the newer versions of their files.</source>
        <translation>%1 waiting uploads now send the newer versions of their files.</translation>
    </message>
    <message>
        <source>1 failed upload was retried.</source>
        <translation>1 failed upload was retried.</translation>
    </message>
    <message>
        <source>%1 failed uploads were retried.</source>
        <translation>%1 failed uploads were retried.</translation>
    </message>
</context>
<context>
    <name>EmptyFilterNotice</name>
    <message>
        <source>No uploads match</source>
        <translation>No uploads match</translation>
    </message>
    <message>
        <source>Clear the filter</source>
        <translation>Clear the filter</translation>
    </message>
</context>
<context>
    <name>EndpointCheck</name>
    <message numerus="yes">
        <source>No answer from %1 within %n s</source>
        <translation>
            <numerusform>No answer from %1 within %n s</numerusform>
            <numerusform>No answer from %1 within %n s</numerusform>
        </translation>
    </message>
    <message>
        <source>checking the server</source>
        <translation>checking the server</translation>
    </message>
    <message>
        <source>Not a tus server (HTTP %1)</source>
        <translation>Not a tus server (HTTP %1)</translation>
    </message>
    <message>
        <source>Not a tus server (HTTP %1 without Tus-Version)</source>
        <translation>Not a tus server (HTTP %1 without Tus-Version)</translation>
    </message>
    <message>
        <source>The server speaks tus %1, not %2</source>
        <translation>The server speaks tus %1, not %2</translation>
    </message>
    <message>
        <source>instant upload</source>
        <translation>instant upload</translation>
    </message>
    <message>
        <source>up to %1</source>
        <translation>up to %1</translation>
    </message>
</context>
<context>
    <name>EndpointChoice</name>
    <message>
        <source>This computer</source>
        <translation>This computer</translation>
    </message>
    <message>
        <source>Hoist&apos;s own server did not start: %1</source>
        <translation>Hoist&apos;s own server did not start: %1</translation>
    </message>
    <message>
        <source>Uploads to this computer cannot continue: its server did not start: %1</source>
        <translation>Uploads to this computer cannot continue: its server did not start: %1</translation>
    </message>
    <message>
        <source>That upload is not on this computer.</source>
        <translation>That upload is not on this computer.</translation>
    </message>
</context>
<context>
    <name>EndpointField</name>
    <message>
        <source>Server:</source>
        <translation>Server:</translation>
    </message>
    <message>
        <source>https://example.com/files/</source>
        <translation>https://example.com/files/</translation>
    </message>
    <message>
        <source>S3 bucket…</source>
        <translation>S3 bucket…</translation>
    </message>
    <message>
        <source>S3 bucket…: upload to a bucket (service, region, bucket, prefix, keys)</source>
        <translation>S3 bucket…: upload to a bucket (service, region, bucket, prefix, keys)</translation>
    </message>
    <message>
        <source>Upload to %1</source>
        <translation>Upload to %1</translation>
    </message>
    <message>
        <source>The S3 bucket new uploads go to: %1</source>
        <translation>The S3 bucket new uploads go to: %1</translation>
    </message>
    <message>
        <source>%1: Hoist&apos;s own server, at %2</source>
        <translation>%1: Hoist&apos;s own server, at %2</translation>
    </message>
    <message>
        <source>The tus endpoint new uploads go to</source>
        <translation>The tus endpoint new uploads go to</translation>
    </message>
    <message>
        <source>%1 is not available: %2</source>
        <translation>%1 is not available: %2</translation>
    </message>
    <message>
        <source>Enter the upload server&apos;s address, e.g. https://example.com/files/</source>
        <translation>Enter the upload server&apos;s address, e.g. https://example.com/files/</translation>
    </message>
    <message>
        <source>Not a valid address: %1</source>
        <translation>Not a valid address: %1</translation>
    </message>
    <message>
        <source>The address has no server name</source>
        <translation>The address has no server name</translation>
    </message>
    <message>
        <source>The WebDAV folder new uploads go to: %1</source>
        <translation>The WebDAV folder new uploads go to: %1</translation>
    </message>
    <message>
        <source>The address must start with http://, https://, dav://, davs:// or sftp://</source>
        <translation>The address must start with http://, https://, dav://, davs:// or sftp://</translation>
    </message>
    <message>
        <source>SFTP…</source>
        <translation>SFTP…</translation>
    </message>
    <message>
        <source>SFTP…: upload to a folder on an SSH server (server, user, folder, key)</source>
        <translation>SFTP…: upload to a folder on an SSH server (server, user, folder, key)</translation>
    </message>
    <message>
        <source>WebDAV…</source>
        <translation>WebDAV…</translation>
    </message>
    <message>
        <source>WebDAV…: upload to a WebDAV folder: Nextcloud, ownCloud, a NAS (address, user, password)</source>
        <translation>WebDAV…: upload to a WebDAV folder: Nextcloud, ownCloud, a NAS (address, user, password)</translation>
    </message>
    <message>
        <source>The SFTP folder new uploads go to: %1</source>
        <translation>The SFTP folder new uploads go to: %1</translation>
    </message>
</context>
<context>
    <name>EndpointStatus</name>
    <message>
        <source>%1 answers: %2</source>
        <translation>%1 answers: %2</translation>
    </message>
    <message>
        <source>next try in %1</source>
        <translation>next try in %1</translation>
    </message>
    <message>
        <source>trying now</source>
        <translation>trying now</translation>
    </message>
    <message>
        <source>Unreachable since %1 · %2
%3</source>
        <translation>Unreachable since %1 · %2
%3</translation>
    </message>
</context>
<context>
    <name>ExistingFileDialog</name>
    <message>
        <source>size not given</source>
        <translation>size not given</translation>
    </message>
    <message>
        <source>%1, changed %2</source>
        <translation>%1, changed %2</translation>
    </message>
    <message>
        <source>&amp;Do the same for the rest</source>
        <translation>&amp;Do the same for the rest</translation>
    </message>
    <message>
        <source>Already on the server</source>
        <translation>Already on the server</translation>
    </message>
    <message>
        <source>“%1” is already on the server. Replace it?</source>
        <translation>“%1” is already on the server. Replace it?</translation>
    </message>
    <message>
        <source>On the server:</source>
        <translation>On the server:</translation>
    </message>
    <message>
        <source>This upload:</source>
        <translation>This upload:</translation>
    </message>
    <message>
        <source>&amp;Skip</source>
        <translation>&amp;Skip</translation>
    </message>
    <message>
        <source>Leave the server&apos;s file as it is and upload nothing</source>
        <translation>Leave the server&apos;s file as it is and upload nothing</translation>
    </message>
    <message>
        <source>&amp;Overwrite</source>
        <translation>&amp;Overwrite</translation>
    </message>
    <message>
        <source>Upload as “%1”</source>
        <translation>Upload as “%1”</translation>
    </message>
    <message>
        <source>Keep the server&apos;s file; this one goes beside it under the first free numbered name</source>
        <translation>Keep the server&apos;s file; this one goes beside it under the first free numbered name</translation>
    </message>
    <message numerus="yes">
        <source>%n more file(s) found on the server wait for an answer.</source>
        <translation>
            <numerusform>%n more file found on the server waits for an answer.</numerusform>
            <numerusform>%n more files found on the server wait for an answer.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExistingFileWaits</name>
    <message>
        <source>Waiting for your answer: “%1” is already on the server</source>
        <translation>Waiting for your answer: “%1” is already on the server</translation>
    </message>
</context>
<context>
    <name>FailureHandler</name>
    <message>
        <source>Gave up after %1 without progress: %2</source>
        <translation>Gave up after %1 without progress: %2</translation>
    </message>
    <message>
        <source>%1 · retry %2 of %3</source>
        <translation>%1 · retry %2 of %3</translation>
    </message>
    <message>
        <source>%1 · next try</source>
        <translation>%1 · next try</translation>
    </message>
    <message numerus="yes">
        <source> · %n tries</source>
        <translation>
            <numerusform> · %n try</numerusform>
            <numerusform> · %n tries</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading the file…</source>
        <translation>Reading the file…</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Cannot read %1: %2</translation>
    </message>
    <message>
        <source>Server&apos;s disk is full</source>
        <translation>Server&apos;s disk is full</translation>
    </message>
</context>
<context>
    <name>FileCheck</name>
    <message>
        <source>The file %1 no longer exists.</source>
        <translation>The file %1 no longer exists.</translation>
    </message>
    <message>
        <source>%1 is not a regular file.</source>
        <translation>%1 is not a regular file.</translation>
    </message>
    <message>
        <source>The file %1 cannot be read (permission denied).</source>
        <translation>The file %1 cannot be read (permission denied).</translation>
    </message>
    <message>
        <source>it is now %1 bytes (was %2)</source>
        <translation>it is now %1 bytes (was %2)</translation>
    </message>
    <message>
        <source>it was modified at %1</source>
        <translation>it was modified at %1</translation>
    </message>
    <message>
        <source>The file changed while uploading: %1; %2.</source>
        <translation>The file changed while uploading: %1; %2.</translation>
    </message>
</context>
<context>
    <name>FileHasher</name>
    <message>
        <source>The file %1 does not exist.</source>
        <translation>The file %1 does not exist.</translation>
    </message>
    <message>
        <source>%1 is not a regular file.</source>
        <translation>%1 is not a regular file.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2.</source>
        <translation>Cannot read %1: %2.</translation>
    </message>
    <message>
        <source>%1 is now %2 bytes (was %3).</source>
        <translation>%1 is now %2 bytes (was %3).</translation>
    </message>
    <message>
        <source>OpenSSL could not start a SHA-256 digest.</source>
        <translation>OpenSSL could not start a SHA-256 digest.</translation>
    </message>
    <message>
        <source>%1 got shorter (%2 bytes, was %3).</source>
        <translation>%1 got shorter (%2 bytes, was %3).</translation>
    </message>
    <message>
        <source>%1 was modified while it was read.</source>
        <translation>%1 was modified while it was read.</translation>
    </message>
    <message>
        <source>OpenSSL could not finish a SHA-256 digest.</source>
        <translation>OpenSSL could not finish a SHA-256 digest.</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>All</source>
        <translation>All</translation>
    </message>
    <message>
        <source>Uploading</source>
        <translation>Uploading</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Waiting</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Paused</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Done</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Show:</translation>
    </message>
    <message>
        <source>Show uploads in state</source>
        <translation>Show uploads in state</translation>
    </message>
    <message>
        <source>Filter by name</source>
        <translation>Filter by name</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
</context>
<context>
    <name>GovernorState</name>
    <message>
        <source>Full speed (schedule and metered rule overridden)</source>
        <translation>Full speed (schedule and metered rule overridden)</translation>
    </message>
    <message>
        <source>Full speed until %1 (overridden)</source>
        <translation>Full speed until %1 (overridden)</translation>
    </message>
    <message>
        <source>Paused: metered connection</source>
        <translation>Paused: metered connection</translation>
    </message>
    <message>
        <source>Limited to %1: metered connection</source>
        <translation>Limited to %1: metered connection</translation>
    </message>
    <message>
        <source>Paused by schedule</source>
        <translation>Paused by schedule</translation>
    </message>
    <message>
        <source>Paused by schedule until %1</source>
        <translation>Paused by schedule until %1</translation>
    </message>
    <message>
        <source>Limited to %1 by schedule</source>
        <translation>Limited to %1 by schedule</translation>
    </message>
    <message>
        <source>Limited to %1 by schedule until %2</source>
        <translation>Limited to %1 by schedule until %2</translation>
    </message>
    <message>
        <source>Full speed by schedule</source>
        <translation>Full speed by schedule</translation>
    </message>
    <message>
        <source>Full speed by schedule until %1</source>
        <translation>Full speed by schedule until %1</translation>
    </message>
</context>
<context>
    <name>HeadlessRunner</name>
    <message>
        <source>upload failed</source>
        <translation>upload failed</translation>
    </message>
    <message>
        <source>hoist: %1/%2 files, %3 of %4</source>
        <translation>hoist: %1/%2 files, %3 of %4</translation>
    </message>
    <message>
        <source>hoist: nothing to upload (no files found)</source>
        <translation>hoist: nothing to upload (no files found)</translation>
    </message>
    <message numerus="yes">
        <source>hoist: %n file(s) were already in the queue and not added again</source>
        <translation>
            <numerusform>hoist: %n file was already in the queue and not added again</numerusform>
            <numerusform>hoist: %n files were already in the queue and not added again</numerusform>
        </translation>
    </message>
    <message>
        <source>hoist: %1 changed since it was queued; its upload in the queue stands</source>
        <translation>hoist: %1 changed since it was queued; its upload in the queue stands</translation>
    </message>
    <message numerus="yes">
        <source>hoist: %n waiting upload(s) now send the newer version of their file(s)</source>
        <translation>
            <numerusform>hoist: %n waiting upload now sends the newer version of its file</numerusform>
            <numerusform>hoist: %n waiting uploads now send the newer versions of their files</numerusform>
        </translation>
    </message>
    <message>
        <source>hoist: %1 is unreachable (%2); its uploads wait for it</source>
        <translation>hoist: %1 is unreachable (%2); its uploads wait for it</translation>
    </message>
    <message>
        <source>hoist: %1 answers again after %2; its uploads go on</source>
        <translation>hoist: %1 answers again after %2; its uploads go on</translation>
    </message>
    <message numerus="yes">
        <source>hoist: %1 of %n file(s) uploaded (%2 verified), %3 failed, %4 in %5 s</source>
        <translation>
            <numerusform>hoist: %1 of %n file uploaded (%2 verified), %3 failed, %4 in %5 s</numerusform>
            <numerusform>hoist: %1 of %n files uploaded (%2 verified), %3 failed, %4 in %5 s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>hoist: %1 of %n file(s) uploaded (%2 verified), %3 in %4 s</source>
        <translation>
            <numerusform>hoist: %1 of %n file uploaded (%2 verified), %3 in %4 s</numerusform>
            <numerusform>hoist: %1 of %n files uploaded (%2 verified), %3 in %4 s</numerusform>
        </translation>
    </message>
    <message>
        <source>hoist: %1 (%2); its uploads wait and try again (next in %3)</source>
        <translation>hoist: %1 (%2); its uploads wait and try again (next in %3)</translation>
    </message>
    <message numerus="yes">
        <source>hoist: %n failed upload(s) retried</source>
        <translation>
            <numerusform>hoist: %n failed upload retried</numerusform>
            <numerusform>hoist: %n failed uploads retried</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n failed upload(s) retried</source>
        <translation>
            <numerusform>; %n failed upload retried</numerusform>
            <numerusform>; %n failed uploads retried</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HeadlessWatch</name>
    <message numerus="yes">
        <source>hoist: %n file(s) of %1 queued</source>
        <translation>
            <numerusform>hoist: %n file of %1 queued</numerusform>
            <numerusform>hoist: %n files of %1 queued</numerusform>
        </translation>
    </message>
    <message>
        <source>hoist: stopping; the queue is saved</source>
        <translation>hoist: stopping; the queue is saved</translation>
    </message>
    <message>
        <source>hoist: %1: inotify&apos;s watch limit (fs.inotify.max_user_watches) was reached; scanning it every %2 s instead</source>
        <translation>hoist: %1: inotify&apos;s watch limit (fs.inotify.max_user_watches) was reached; scanning it every %2 s instead</translation>
    </message>
</context>
<context>
    <name>HeadlessWhenDone</name>
    <message>
        <source>hoist: cancelled; the computer stays on</source>
        <translation>hoist: cancelled; the computer stays on</translation>
    </message>
    <message>
        <source>hoist: suspending now</source>
        <translation>hoist: suspending now</translation>
    </message>
    <message>
        <source>hoist: shutting down now</source>
        <translation>hoist: shutting down now</translation>
    </message>
    <message>
        <source>hoist: the system refused: %1</source>
        <translation>hoist: the system refused: %1</translation>
    </message>
    <message>
        <source>hoist: suspending this computer in %1 s (Ctrl+C cancels)</source>
        <translation>hoist: suspending this computer in %1 s (Ctrl+C cancels)</translation>
    </message>
    <message>
        <source>hoist: shutting down this computer in %1 s (Ctrl+C cancels)</source>
        <translation>hoist: shutting down this computer in %1 s (Ctrl+C cancels)</translation>
    </message>
</context>
<context>
    <name>IfExistsOption</name>
    <message>
        <source>--if-exists must be skip, overwrite or rename, not &quot;%1&quot;</source>
        <translation>--if-exists must be skip, overwrite or rename, not &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>LimitControls</name>
    <message>
        <source>Speed limit</source>
        <translation>Speed limit</translation>
    </message>
    <message>
        <source>Parallel:</source>
        <translation>Parallel:</translation>
    </message>
    <message>
        <source>Per server:</source>
        <translation>Per server:</translation>
    </message>
    <message>
        <source>Any</source>
        <translation>Any</translation>
    </message>
    <message>
        <source>At most this many requests to one server at once, so that one slow server cannot take every slot</source>
        <translation>At most this many requests to one server at once, so that one slow server cannot take every slot</translation>
    </message>
    <message>
        <source>Speed limit of all uploads</source>
        <translation>Speed limit of all uploads</translation>
    </message>
    <message>
        <source>Limit: %1</source>
        <translation>Limit: %1</translation>
    </message>
    <message>
        <source>All uploads together send at most %1</source>
        <translation>All uploads together send at most %1</translation>
    </message>
    <message>
        <source>Uploads send as fast as the network takes them</source>
        <translation>Uploads send as fast as the network takes them</translation>
    </message>
    <message>
        <source>How many requests go at once: files, or parts of a large file where the server joins parts.</source>
        <translation>How many requests go at once: files, or parts of a large file where the server joins parts.</translation>
    </message>
    <message>
        <source>A number: never more than that many at once.</source>
        <translation>A number: never more than that many at once.</translation>
    </message>
</context>
<context>
    <name>Login1Power</name>
    <message>
        <source>The system bus is not reachable: %1</source>
        <translation>The system bus is not reachable: %1</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Filter by name</source>
        <translation>Filter by name</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Drop files or folders here to upload them</source>
        <translation>Drop files or folders here to upload them</translation>
    </message>
    <message>
        <source>Uploads</source>
        <translation>Uploads</translation>
    </message>
    <message>
        <source>Add files…</source>
        <translation>Add files…</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Add folder…</translation>
    </message>
    <message>
        <source>Pause all</source>
        <translation>Pause all</translation>
    </message>
    <message>
        <source>Resume all</source>
        <translation>Resume all</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Clear finished</translation>
    </message>
    <message>
        <source>Remove finished uploads from the list (the server keeps them)</source>
        <translation>Remove finished uploads from the list (the server keeps them)</translation>
    </message>
    <message>
        <source>Clear failed</source>
        <translation>Clear failed</translation>
    </message>
    <message>
        <source>Remove failed uploads; what they left on a server is deleted</source>
        <translation>Remove failed uploads; what they left on a server is deleted</translation>
    </message>
    <message>
        <source>Add files</source>
        <translation>Add files</translation>
    </message>
    <message>
        <source>Add folder</source>
        <translation>Add folder</translation>
    </message>
    <message>
        <source>Close window</source>
        <translation>Close window</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Settings…</translation>
    </message>
    <message>
        <source>Resume paused uploads and retry those that failed because a server did not answer (%1)</source>
        <translation>Resume paused uploads and retry those that failed because a server did not answer (%1)</translation>
    </message>
    <message>
        <source>Retry failed</source>
        <translation>Retry failed</translation>
    </message>
    <message>
        <source>Start every failed upload again</source>
        <translation>Start every failed upload again</translation>
    </message>
    <message>
        <source>Watched folders…</source>
        <translation>Watched folders…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>Select &amp;all</source>
        <translation>Select &amp;all</translation>
    </message>
</context>
<context>
    <name>MenuBar</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Edit</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Transfers</source>
        <translation>&amp;Transfers</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>&amp;Columns</source>
        <translation>&amp;Columns</translation>
    </message>
    <message>
        <source>&amp;About Hoist</source>
        <translation>&amp;About Hoist</translation>
    </message>
    <message>
        <source>About Hoist</source>
        <translation>About Hoist</translation>
    </message>
    <message>
        <source>&lt;b&gt;Hoist %1&lt;/b&gt;&lt;p&gt;Uploads files and folders to tus servers, S3 buckets and its own server, hoistd; resumes where the server has them.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Hoist %1&lt;/b&gt;&lt;p&gt;Uploads files and folders to tus servers, S3 buckets and its own server, hoistd; resumes where the server has them.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ParallelLevelLabel</name>
    <message>
        <source>Auto · %1</source>
        <translation>Auto · %1</translation>
    </message>
    <message>
        <source>Parallel: Auto · %1</source>
        <translation>Parallel: Auto · %1</translation>
    </message>
    <message numerus="yes">
        <source>Parallel: Auto allows %n requests at once now, across all servers: it adds more while that makes uploads faster, and takes some back when a server slows down or refuses.</source>
        <translation>
            <numerusform>Parallel: Auto allows %n request at once now, across all servers: it adds more while that makes uploads faster, and takes some back when a server slows down or refuses.</numerusform>
            <numerusform>Parallel: Auto allows %n requests at once now, across all servers: it adds more while that makes uploads faster, and takes some back when a server slows down or refuses.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ParallelSpin</name>
    <message>
        <source>Auto</source>
        <translation>Auto</translation>
    </message>
    <message>
        <source>Auto: Hoist finds how many requests at once each server rewards, adding more while uploads get faster and fewer when a server slows down or refuses.</source>
        <translation>Auto: Hoist finds how many requests at once each server rewards, adding more while uploads get faster and fewer when a server slows down or refuses.</translation>
    </message>
</context>
<context>
    <name>PathExpander</name>
    <message>
        <source>no such file or folder</source>
        <translation>no such file or folder</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>permission denied</translation>
    </message>
    <message>
        <source>symbolic link loop</source>
        <translation>symbolic link loop</translation>
    </message>
    <message>
        <source>broken symbolic link</source>
        <translation>broken symbolic link</translation>
    </message>
    <message>
        <source>symbolic link loop: %1 is already being uploaded</source>
        <translation>symbolic link loop: %1 is already being uploaded</translation>
    </message>
    <message>
        <source>folder loop: %1 is already being uploaded</source>
        <translation>folder loop: %1 is already being uploaded</translation>
    </message>
    <message>
        <source>already being uploaded</source>
        <translation>already being uploaded</translation>
    </message>
    <message>
        <source>already being uploaded as part of %1</source>
        <translation>already being uploaded as part of %1</translation>
    </message>
</context>
<context>
    <name>PathPatterns</name>
    <message>
        <source>the pattern is empty</source>
        <translation>the pattern is empty</translation>
    </message>
    <message>
        <source>“%1” is not a valid pattern: %2</source>
        <translation>“%1” is not a valid pattern: %2</translation>
    </message>
</context>
<context>
    <name>PatternListEdit</name>
    <message>
        <source>Add</source>
        <translation>Add</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <source>Glob patterns: *.tmp, ~$*, Thumbs.db; a slash matches the path inside the folder (build/*.o); a trailing slash folders only (.git/). Case is ignored. Double-click to edit.</source>
        <translation>Glob patterns: *.tmp, ~$*, Thumbs.db; a slash matches the path inside the folder (build/*.o); a trailing slash folders only (.git/). Case is ignored. Double-click to edit.</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>Defaults</translation>
    </message>
</context>
<context>
    <name>PowerCountdown</name>
    <message>
        <source>This system offers no way to do that.</source>
        <translation>This system offers no way to do that.</translation>
    </message>
    <message>
        <source>Suspending</source>
        <translation>Suspending</translation>
    </message>
    <message>
        <source>Shutting down</source>
        <translation>Shutting down</translation>
    </message>
</context>
<context>
    <name>ProtocolRouter</name>
    <message>
        <source>Hoist cannot upload to &quot;%1&quot; addresses</source>
        <translation>Hoist cannot upload to &quot;%1&quot; addresses</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Hoist</source>
        <translation>Hoist</translation>
    </message>
    <message>
        <source>Hoist cannot save its queue</source>
        <translation>Hoist cannot save its queue</translation>
    </message>
</context>
<context>
    <name>QueueLoss</name>
    <message>
        <source>task %1</source>
        <translation>task %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
    <message>
        <source>Hoist exits without having saved its queue (%1).</source>
        <translation>Hoist exits without having saved its queue (%1).</translation>
    </message>
    <message numerus="yes">
        <source>%n upload(s) will not resume after a restart: their resume points are not saved, so they start again from the beginning: %1.</source>
        <translation>
            <numerusform>%n upload will not resume after a restart: its resume point is not saved, so it starts again from the beginning: %1.</numerusform>
            <numerusform>%n uploads will not resume after a restart: their resume points are not saved, so they start again from the beginning: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finished upload(s) are not saved as done: a later run with the same state folder and files will upload them again: %1.</source>
        <translation>
            <numerusform>%n finished upload is not saved as done: a later run with the same state folder and files will upload it again: %1.</numerusform>
            <numerusform>%n finished uploads are not saved as done: a later run with the same state folder and files will upload them again: %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QueueSaveStatus</name>
    <message>
        <source>Hoist cannot save its queue: %1 — uploads continue but will not survive a restart</source>
        <translation>Hoist cannot save its queue: %1 — uploads continue but will not survive a restart</translation>
    </message>
    <message>
        <source>Hoist saves its queue again: every change made meanwhile is written</source>
        <translation>Hoist saves its queue again: every change made meanwhile is written</translation>
    </message>
</context>
<context>
    <name>RateEdit</name>
    <message>
        <source>No limit</source>
        <translation>No limit</translation>
    </message>
    <message>
        <source>Bytes per second, as --limit-rate takes them: 512K, 2M, 1.5M/s or 1048576 (binary units, at least 1K). Empty: no limit.</source>
        <translation>Bytes per second, as --limit-rate takes them: 512K, 2M, 1.5M/s or 1048576 (binary units, at least 1K). Empty: no limit.</translation>
    </message>
    <message>
        <source>Not a rate: write 512K, 2M or 1048576, at least 1K</source>
        <translation>Not a rate: write 512K, 2M or 1048576, at least 1K</translation>
    </message>
    <message>
        <source>= %1</source>
        <translation>= %1</translation>
    </message>
</context>
<context>
    <name>RateLimitMenu</name>
    <message>
        <source>No limit</source>
        <translation>No limit</translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation>Custom…</translation>
    </message>
    <message>
        <source>Custom (%1)…</source>
        <translation>Custom (%1)…</translation>
    </message>
    <message>
        <source>Speed limit</source>
        <translation>Speed limit</translation>
    </message>
    <message>
        <source>Upload at most (MiB/s):</source>
        <translation>Upload at most (MiB/s):</translation>
    </message>
</context>
<context>
    <name>ReadAheadDevice</name>
    <message>
        <source>the file is not open</source>
        <translation>the file is not open</translation>
    </message>
    <message>
        <source>%1 is shorter than expected (truncated while reading)</source>
        <translation>%1 is shorter than expected (truncated while reading)</translation>
    </message>
</context>
<context>
    <name>RegularFile</name>
    <message>
        <source>a folder</source>
        <translation>a folder</translation>
    </message>
    <message>
        <source>named pipe</source>
        <translation>named pipe</translation>
    </message>
    <message>
        <source>socket</source>
        <translation>socket</translation>
    </message>
    <message>
        <source>character device</source>
        <translation>character device</translation>
    </message>
    <message>
        <source>block device</source>
        <translation>block device</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>unknown type</translation>
    </message>
    <message>
        <source>not a regular file (%1)</source>
        <translation>not a regular file (%1)</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>no such file or folder</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>permission denied</translation>
    </message>
</context>
<context>
    <name>RowActions</name>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Resume</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Retry</translation>
    </message>
    <message>
        <source>Send to current server</source>
        <translation>Send to current server</translation>
    </message>
    <message>
        <source>Pause or resume</source>
        <translation>Pause or resume</translation>
    </message>
    <message>
        <source>Copy link</source>
        <translation>Copy link</translation>
    </message>
    <message>
        <source>Cancel…</source>
        <translation>Cancel…</translation>
    </message>
    <message>
        <source>Speed limit</source>
        <translation>Speed limit</translation>
    </message>
    <message>
        <source>High</source>
        <translation>High</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>Low</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normal</translation>
    </message>
    <message>
        <source>Upload again to %1</source>
        <translation>Upload again to %1</translation>
    </message>
    <message>
        <source>Copy links</source>
        <translation>Copy links</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priority</translation>
    </message>
    <message>
        <source>Remove from list</source>
        <translation>Remove from list</translation>
    </message>
    <message>
        <source>Retry failed</source>
        <translation>Retry failed</translation>
    </message>
    <message>
        <source>Copy cause</source>
        <translation>Copy cause</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>S3Errors</name>
    <message>
        <source>The S3 service at %1 refused the key: wrong access key or secret</source>
        <translation>The S3 service at %1 refused the key: wrong access key or secret</translation>
    </message>
    <message>
        <source>There is no bucket &quot;%1&quot; at %2</source>
        <translation>There is no bucket &quot;%1&quot; at %2</translation>
    </message>
    <message>
        <source>The S3 service at %1 denied access to bucket &quot;%2&quot;: this key may not upload there</source>
        <translation>The S3 service at %1 denied access to bucket &quot;%2&quot;: this key may not upload there</translation>
    </message>
    <message>
        <source>This computer&apos;s clock differs too much from the S3 service&apos;s at %1; set the clock right</source>
        <translation>This computer&apos;s clock differs too much from the S3 service&apos;s at %1; set the clock right</translation>
    </message>
    <message>
        <source>The S3 service at %1 refused the file as too large</source>
        <translation>The S3 service at %1 refused the file as too large</translation>
    </message>
    <message>
        <source>The S3 service at %1 asks to slow down (HTTP %2)</source>
        <translation>The S3 service at %1 asks to slow down (HTTP %2)</translation>
    </message>
    <message>
        <source>The bytes the S3 service at %1 received differ from the ones sent</source>
        <translation>The bytes the S3 service at %1 received differ from the ones sent</translation>
    </message>
    <message>
        <source>The S3 service at %1 gave up waiting for the request&apos;s bytes</source>
        <translation>The S3 service at %1 gave up waiting for the request&apos;s bytes</translation>
    </message>
    <message>
        <source>Server error at %1 (HTTP %2)</source>
        <translation>Server error at %1 (HTTP %2)</translation>
    </message>
    <message>
        <source>The S3 service at %1 no longer has the multipart upload</source>
        <translation>The S3 service at %1 no longer has the multipart upload</translation>
    </message>
    <message>
        <source>The S3 service at %1 failed while %2</source>
        <translation>The S3 service at %1 failed while %2</translation>
    </message>
    <message>
        <source>The S3 service at %1 refused the request while %2 (HTTP %3)</source>
        <translation>The S3 service at %1 refused the request while %2 (HTTP %3)</translation>
    </message>
    <message>
        <source>While %1 (%2): HTTP %3</source>
        <translation>While %1 (%2): HTTP %3</translation>
    </message>
    <message>
        <source>, S3 error %1</source>
        <translation>, S3 error %1</translation>
    </message>
    <message>
        <source>(no code)</source>
        <translation>(no code)</translation>
    </message>
    <message>
        <source>, RequestId %1</source>
        <translation>, RequestId %1</translation>
    </message>
    <message>
        <source>No keys are set for bucket &quot;%1&quot; at %2: add an access key and secret</source>
        <translation>No keys are set for bucket &quot;%1&quot; at %2: add an access key and secret</translation>
    </message>
    <message>
        <source>The S3 service at %1 has no room left (HTTP %2)</source>
        <translation>The S3 service at %1 has no room left (HTTP %2)</translation>
    </message>
</context>
<context>
    <name>S3MultipartTransfer</name>
    <message>
        <source>creating the multipart upload</source>
        <translation>creating the multipart upload</translation>
    </message>
    <message>
        <source>The S3 service&apos;s answer to creating the multipart upload is unusable: %1</source>
        <translation>The S3 service&apos;s answer to creating the multipart upload is unusable: %1</translation>
    </message>
    <message>
        <source>asking which parts the S3 service holds</source>
        <translation>asking which parts the S3 service holds</translation>
    </message>
    <message>
        <source>its part list does not advance past part %1</source>
        <translation>its part list does not advance past part %1</translation>
    </message>
    <message>
        <source>The S3 service&apos;s list of the upload&apos;s parts is unusable: %1</source>
        <translation>The S3 service&apos;s list of the upload&apos;s parts is unusable: %1</translation>
    </message>
    <message>
        <source>sending part %1</source>
        <translation>sending part %1</translation>
    </message>
    <message>
        <source>The S3 service did not name part %1 (no ETag in its answer).</source>
        <translation>The S3 service did not name part %1 (no ETag in its answer).</translation>
    </message>
    <message>
        <source>joining the parts</source>
        <translation>joining the parts</translation>
    </message>
    <message>
        <source>The S3 service&apos;s answer to joining the parts is unusable: %1</source>
        <translation>The S3 service&apos;s answer to joining the parts is unusable: %1</translation>
    </message>
    <message>
        <source>The S3 service lost the multipart upload it had just created.</source>
        <translation>The S3 service lost the multipart upload it had just created.</translation>
    </message>
    <message>
        <source>Not verified: &apos;%1&apos; could not be read again to compute its parts&apos; MD5s.</source>
        <translation>Not verified: &apos;%1&apos; could not be read again to compute its parts&apos; MD5s.</translation>
    </message>
    <message>
        <source>Not verified: &apos;%1&apos; could not be read again to compute its parts&apos; MD5s: %2.</source>
        <translation>Not verified: &apos;%1&apos; could not be read again to compute its parts&apos; MD5s: %2.</translation>
    </message>
</context>
<context>
    <name>S3PartPut</name>
    <message>
        <source>The file changed while uploading: &apos;%1&apos; got shorter.</source>
        <translation>The file changed while uploading: &apos;%1&apos; got shorter.</translation>
    </message>
    <message>
        <source>Cannot read &apos;%1&apos;: %2.</source>
        <translation>Cannot read &apos;%1&apos;: %2.</translation>
    </message>
</context>
<context>
    <name>S3Protocol</name>
    <message>
        <source>aborting the multipart upload</source>
        <translation>aborting the multipart upload</translation>
    </message>
    <message>
        <source>checking the server</source>
        <translation>checking the server</translation>
    </message>
    <message>
        <source>No answer</source>
        <translation>No answer</translation>
    </message>
</context>
<context>
    <name>S3PutTransfer</name>
    <message>
        <source>sending the file</source>
        <translation>sending the file</translation>
    </message>
</context>
<context>
    <name>S3Request</name>
    <message>
        <source>Cannot read the file while %1</source>
        <translation>Cannot read the file while %1</translation>
    </message>
    <message>
        <source>The S3 service at %1 answered with more than %2 bytes while %3</source>
        <translation>The S3 service at %1 answered with more than %2 bytes while %3</translation>
    </message>
    <message>
        <source>The upload stalled: no progress for %1 s while %2</source>
        <translation>The upload stalled: no progress for %1 s while %2</translation>
    </message>
</context>
<context>
    <name>S3Target</name>
    <message>
        <source>An S3 target starts with s3://</source>
        <translation>An S3 target starts with s3://</translation>
    </message>
    <message>
        <source>Keys do not belong in the address; give them as credentials.</source>
        <translation>Keys do not belong in the address; give them as credentials.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a bucket name.</source>
        <translation>&quot;%1&quot; is not a bucket name.</translation>
    </message>
    <message>
        <source>The S3 service &quot;%1&quot; is not an http:// or https:// address.</source>
        <translation>The S3 service &quot;%1&quot; is not an http:// or https:// address.</translation>
    </message>
    <message>
        <source>%1/%2 on %3</source>
        <translation>%1/%2 on %3</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a region name.</source>
        <translation>&quot;%1&quot; is not a region name.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be part of a host name; use path-style addressing.</source>
        <translation>&quot;%1&quot; cannot be part of a host name; use path-style addressing.</translation>
    </message>
</context>
<context>
    <name>S3TargetDialog</name>
    <message>
        <source>S3 bucket</source>
        <translation>S3 bucket</translation>
    </message>
    <message>
        <source>Service address</source>
        <translation>Service address</translation>
    </message>
    <message>
        <source>http://127.0.0.1:8000, https://ACCOUNT.r2.cloudflarestorage.com; empty: AWS</source>
        <translation>http://127.0.0.1:8000, https://ACCOUNT.r2.cloudflarestorage.com; empty: AWS</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation>Bucket</translation>
    </message>
    <message>
        <source>my-bucket</source>
        <translation>my-bucket</translation>
    </message>
    <message>
        <source>Key prefix</source>
        <translation>Key prefix</translation>
    </message>
    <message>
        <source>optional: uploads/2026/</source>
        <translation>optional: uploads/2026/</translation>
    </message>
    <message>
        <source>&amp;Virtual-hosted (BUCKET.service); else path-style</source>
        <translation>&amp;Virtual-hosted (BUCKET.service); else path-style</translation>
    </message>
    <message>
        <source>AWS wants virtual-hosted addresses; Ceph, MinIO and most servers of one&apos;s own answer path-style ones</source>
        <translation>AWS wants virtual-hosted addresses; Ceph, MinIO and most servers of one&apos;s own answer path-style ones</translation>
    </message>
    <message>
        <source>Access key ID</source>
        <translation>Access key ID</translation>
    </message>
    <message>
        <source>AKIA…</source>
        <translation>AKIA…</translation>
    </message>
    <message>
        <source>Secret access key</source>
        <translation>Secret access key</translation>
    </message>
    <message>
        <source>&amp;Remember the keys on this computer</source>
        <translation>&amp;Remember the keys on this computer</translation>
    </message>
    <message>
        <source>Kept in the system keyring, never in a plain file</source>
        <translation>Kept in the system keyring, never in a plain file</translation>
    </message>
    <message>
        <source>&amp;Service:</source>
        <translation>&amp;Service:</translation>
    </message>
    <message>
        <source>Re&amp;gion:</source>
        <translation>Re&amp;gion:</translation>
    </message>
    <message>
        <source>&amp;Bucket:</source>
        <translation>&amp;Bucket:</translation>
    </message>
    <message>
        <source>Key &amp;prefix:</source>
        <translation>Key &amp;prefix:</translation>
    </message>
    <message>
        <source>Access &amp;key ID:</source>
        <translation>Access &amp;key ID:</translation>
    </message>
    <message>
        <source>Se&amp;cret key:</source>
        <translation>Se&amp;cret key:</translation>
    </message>
    <message>
        <source>Files go to the bucket under the prefix, by the path the table shows: a dropped folder keeps its structure.</source>
        <translation>Files go to the bucket under the prefix, by the path the table shows: a dropped folder keeps its structure.</translation>
    </message>
    <message>
        <source>Enter the bucket&apos;s name.</source>
        <translation>Enter the bucket&apos;s name.</translation>
    </message>
    <message>
        <source>Set; type a new one to replace it</source>
        <translation>Set; type a new one to replace it</translation>
    </message>
    <message>
        <source>Paste the secret key</source>
        <translation>Paste the secret key</translation>
    </message>
    <message>
        <source>Enter the access key ID.</source>
        <translation>Enter the access key ID.</translation>
    </message>
    <message>
        <source>An access key ID holds no &apos;:&apos;.</source>
        <translation>An access key ID holds no &apos;:&apos;.</translation>
    </message>
    <message>
        <source>Enter the secret access key.</source>
        <translation>Enter the secret access key.</translation>
    </message>
    <message>
        <source>The keys are sent to no one: they sign each request.</source>
        <translation>The keys are sent to no one: they sign each request.</translation>
    </message>
    <message>
        <source>Can&apos;t remember the keys: no keyring. Hoist keeps them until it quits.</source>
        <translation>Can&apos;t remember the keys: no keyring. Hoist keeps them until it quits.</translation>
    </message>
</context>
<context>
    <name>S3Verification</name>
    <message>
        <source>Not verified: asking for the object&apos;s ETag failed (%1).</source>
        <translation>Not verified: asking for the object&apos;s ETag failed (%1).</translation>
    </message>
    <message>
        <source>Not verifiable: the object is encrypted (%1), so its ETag is not an MD5 of the file.</source>
        <translation>Not verifiable: the object is encrypted (%1), so its ETag is not an MD5 of the file.</translation>
    </message>
    <message>
        <source>Not verifiable: the S3 service&apos;s ETag &apos;%1&apos; is not an MD5 of the content.</source>
        <translation>Not verifiable: the S3 service&apos;s ETag &apos;%1&apos; is not an MD5 of the content.</translation>
    </message>
    <message>
        <source>The object&apos;s ETag %1 is the MD5 of this file&apos;s part MD5s (S3 multipart).</source>
        <translation>The object&apos;s ETag %1 is the MD5 of this file&apos;s part MD5s (S3 multipart).</translation>
    </message>
    <message>
        <source>The object&apos;s ETag %1 is this file&apos;s MD5.</source>
        <translation>The object&apos;s ETag %1 is this file&apos;s MD5.</translation>
    </message>
    <message>
        <source>The server&apos;s copy differs from this file: &apos;%1&apos; was sent whole, but the stored object&apos;s ETag is not the one its bytes give. Retry sends it again.</source>
        <translation>The server&apos;s copy differs from this file: &apos;%1&apos; was sent whole, but the stored object&apos;s ETag is not the one its bytes give. Retry sends it again.</translation>
    </message>
    <message>
        <source>ETag of the object %1, of the file %2</source>
        <translation>ETag of the object %1, of the file %2</translation>
    </message>
    <message>
        <source>asking for the object&apos;s ETag</source>
        <translation>asking for the object&apos;s ETag</translation>
    </message>
</context>
<context>
    <name>S3Xml</name>
    <message>
        <source>the answer names no UploadId</source>
        <translation>the answer names no UploadId</translation>
    </message>
    <message>
        <source>the answer is not a ListPartsResult</source>
        <translation>the answer is not a ListPartsResult</translation>
    </message>
    <message>
        <source>a truncated part list has no usable NextPartNumberMarker</source>
        <translation>a truncated part list has no usable NextPartNumberMarker</translation>
    </message>
    <message>
        <source>a listed part has no usable PartNumber, Size or ETag</source>
        <translation>a listed part has no usable PartNumber, Size or ETag</translation>
    </message>
    <message>
        <source>the answer is not a CompleteMultipartUploadResult</source>
        <translation>the answer is not a CompleteMultipartUploadResult</translation>
    </message>
    <message>
        <source>the answer declares a DTD</source>
        <translation>the answer declares a DTD</translation>
    </message>
    <message>
        <source>the answer has two root elements</source>
        <translation>the answer has two root elements</translation>
    </message>
    <message>
        <source>the answer holds an over-long value</source>
        <translation>the answer holds an over-long value</translation>
    </message>
    <message>
        <source>the answer is not well-formed XML (%1)</source>
        <translation>the answer is not well-formed XML (%1)</translation>
    </message>
    <message>
        <source>the answer is empty</source>
        <translation>the answer is empty</translation>
    </message>
    <message>
        <source>the answer lists too many entries</source>
        <translation>the answer lists too many entries</translation>
    </message>
    <message>
        <source>the answer is not a copy result with an ETag</source>
        <translation>the answer is not a copy result with an ETag</translation>
    </message>
    <message>
        <source>the answer is not a ListBucketResult</source>
        <translation>the answer is not a ListBucketResult</translation>
    </message>
    <message>
        <source>a truncated listing has no NextContinuationToken</source>
        <translation>a truncated listing has no NextContinuationToken</translation>
    </message>
    <message>
        <source>a listed object has no usable Key or Size</source>
        <translation>a listed object has no usable Key or Size</translation>
    </message>
    <message>
        <source>the answer is not a ListMultipartUploadsResult</source>
        <translation>the answer is not a ListMultipartUploadsResult</translation>
    </message>
    <message>
        <source>a truncated listing has no NextKeyMarker</source>
        <translation>a truncated listing has no NextKeyMarker</translation>
    </message>
    <message>
        <source>a listed upload has no Key or UploadId</source>
        <translation>a listed upload has no Key or UploadId</translation>
    </message>
    <message>
        <source>the answer is not a DeleteResult</source>
        <translation>the answer is not a DeleteResult</translation>
    </message>
</context>
<context>
    <name>SaveProblemLabel</name>
    <message>
        <source>Hoist cannot save its queue: %1</source>
        <translation>Hoist cannot save its queue: %1</translation>
    </message>
    <message>
        <source>Queue not saved: %1</source>
        <translation>Queue not saved: %1</translation>
    </message>
</context>
<context>
    <name>ScheduleDialog</name>
    <message>
        <source>Schedule</source>
        <translation>Schedule</translation>
    </message>
    <message>
        <source>Pick a mode on the left, then click or drag over the hours it applies to. Hours are local time; uploads you paused yourself stay paused.</source>
        <translation>Pick a mode on the left, then click or drag over the hours it applies to. Hours are local time; uploads you paused yourself stay paused.</translation>
    </message>
    <message>
        <source>Modes</source>
        <translation>Modes</translation>
    </message>
    <message>
        <source>e.g. 2M, 512K</source>
        <translation>e.g. 2M, 512K</translation>
    </message>
    <message>
        <source>New rate</source>
        <translation>New rate</translation>
    </message>
    <message>
        <source>Add rate</source>
        <translation>Add rate</translation>
    </message>
    <message>
        <source>Remove rate</source>
        <translation>Remove rate</translation>
    </message>
    <message>
        <source>Modes:</source>
        <translation>Modes:</translation>
    </message>
    <message>
        <source>All full speed</source>
        <translation>All full speed</translation>
    </message>
    <message>
        <source>Pause uploads</source>
        <translation>Pause uploads</translation>
    </message>
    <message>
        <source>Limit to</source>
        <translation>Limit to</translation>
    </message>
    <message>
        <source>Ignore it</source>
        <translation>Ignore it</translation>
    </message>
    <message>
        <source>e.g. 512K</source>
        <translation>e.g. 512K</translation>
    </message>
    <message>
        <source>Rate on a metered connection</source>
        <translation>Rate on a metered connection</translation>
    </message>
    <message>
        <source>On a metered connection:</source>
        <translation>On a metered connection:</translation>
    </message>
    <message>
        <source>Schedule as text</source>
        <translation>Schedule as text</translation>
    </message>
    <message>
        <source>The same rules as a file for hoist --headless --schedule FILE</source>
        <translation>The same rules as a file for hoist --headless --schedule FILE</translation>
    </message>
    <message>
        <source>As text (for --schedule FILE):</source>
        <translation>As text (for --schedule FILE):</translation>
    </message>
    <message>
        <source>Limit to %1</source>
        <translation>Limit to %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a rate: write one such as 2M, 512K or 1048576 (bytes per second), at least 1K.</source>
        <translation>&quot;%1&quot; is not a rate: write one such as 2M, 512K or 1048576 (bytes per second), at least 1K.</translation>
    </message>
    <message>
        <source># Full speed at all hours</source>
        <translation># Full speed at all hours</translation>
    </message>
    <message>
        <source>The rate for a metered connection must be one such as 512K or 2M, at least 1K.</source>
        <translation>The rate for a metered connection must be one such as 512K or 2M, at least 1K.</translation>
    </message>
</context>
<context>
    <name>ScheduleGrid</name>
    <message>
        <source>Weekly schedule</source>
        <translation>Weekly schedule</translation>
    </message>
    <message>
        <source>%1 %2:00–%3:00: %4</source>
        <translation>%1 %2:00–%3:00: %4</translation>
    </message>
</context>
<context>
    <name>ScheduleStatus</name>
    <message>
        <source>Schedule</source>
        <translation>Schedule</translation>
    </message>
    <message>
        <source>Full speed for 1 hour</source>
        <translation>Full speed for 1 hour</translation>
    </message>
    <message>
        <source>Full speed for 3 hours</source>
        <translation>Full speed for 3 hours</translation>
    </message>
    <message>
        <source>Full speed until the rule ends</source>
        <translation>Full speed until the rule ends</translation>
    </message>
    <message>
        <source>Cancel override</source>
        <translation>Cancel override</translation>
    </message>
    <message>
        <source>Edit schedule…</source>
        <translation>Edit schedule…</translation>
    </message>
    <message>
        <source>Schedule…</source>
        <translation>Schedule…</translation>
    </message>
    <message>
        <source>Rule in force: %1</source>
        <translation>Rule in force: %1</translation>
    </message>
    <message>
        <source>The connection is metered.</source>
        <translation>The connection is metered.</translation>
    </message>
    <message>
        <source>Click for a full-speed override or to edit the schedule.</source>
        <translation>Click for a full-speed override or to edit the schedule.</translation>
    </message>
</context>
<context>
    <name>ServerHealth</name>
    <message>
        <source>Gave up after %1 without reaching the server: %2</source>
        <translation>Gave up after %1 without reaching the server: %2</translation>
    </message>
    <message>
        <source>Down since %1 · next try</source>
        <translation>Down since %1 · next try</translation>
    </message>
    <message>
        <source>Down since %1 · trying now</source>
        <translation>Down since %1 · trying now</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Start &amp;minimised to the tray</source>
        <translation>Start &amp;minimised to the tray</translation>
    </message>
    <message>
        <source>Hoist settings</source>
        <translation>Hoist settings</translation>
    </message>
    <message>
        <source>Any</source>
        <translation>Any</translation>
    </message>
    <message>
        <source>At most this many requests to one server at once</source>
        <translation>At most this many requests to one server at once</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatic</translation>
    </message>
    <message>
        <source>Automatic: 8 MiB, with requests growing up to 64 MiB on fast links. A size: no request carries more (for servers or proxies that refuse large requests). For uploads added from now on.</source>
        <translation>Automatic: 8 MiB, with requests growing up to 64 MiB on fast links. A size: no request carries more (for servers or proxies that refuse large requests). For uploads added from now on.</translation>
    </message>
    <message>
        <source>All uploads together send at most this much (the status bar&apos;s “Limit”)</source>
        <translation>All uploads together send at most this much (the status bar&apos;s “Limit”)</translation>
    </message>
    <message>
        <source>Do nothing</source>
        <translation>Do nothing</translation>
    </message>
    <message>
        <source>Show a notification</source>
        <translation>Show a notification</translation>
    </message>
    <message>
        <source>Quit Hoist when all succeeded</source>
        <translation>Quit Hoist when all succeeded</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Ask</translation>
    </message>
    <message>
        <source>Keep uploading in the tray</source>
        <translation>Keep uploading in the tray</translation>
    </message>
    <message>
        <source>Quit; resume next time</source>
        <translation>Quit; resume next time</translation>
    </message>
    <message>
        <source>What closing the window does while uploads run or wait</source>
        <translation>What closing the window does while uploads run or wait</translation>
    </message>
    <message>
        <source>This desktop has no system tray</source>
        <translation>This desktop has no system tray</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Follow the system</translation>
    </message>
    <message>
        <source>Uploads</source>
        <translation>Uploads</translation>
    </message>
    <message>
        <source>&amp;Parallel requests:</source>
        <translation>&amp;Parallel requests:</translation>
    </message>
    <message>
        <source>Per s&amp;erver:</source>
        <translation>Per s&amp;erver:</translation>
    </message>
    <message>
        <source>&amp;Chunk size:</source>
        <translation>&amp;Chunk size:</translation>
    </message>
    <message>
        <source>&amp;Speed limit:</source>
        <translation>&amp;Speed limit:</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Window</translation>
    </message>
    <message>
        <source>When a &amp;batch finishes:</source>
        <translation>When a &amp;batch finishes:</translation>
    </message>
    <message>
        <source>Closing &amp;while uploading:</source>
        <translation>Closing &amp;while uploading:</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Language:</translation>
    </message>
    <message>
        <source>A new language applies when Hoist starts again.</source>
        <translation>A new language applies when Hoist starts again.</translation>
    </message>
    <message>
        <source>1 h</source>
        <translation>1 h</translation>
    </message>
    <message>
        <source>6 h</source>
        <translation>6 h</translation>
    </message>
    <message>
        <source>24 h</source>
        <translation>24 h</translation>
    </message>
    <message>
        <source>3 days</source>
        <translation>3 days</translation>
    </message>
    <message>
        <source>7 days</source>
        <translation>7 days</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Never</translation>
    </message>
    <message>
        <source>Run a command</source>
        <translation>Run a command</translation>
    </message>
    <message>
        <source>Suspend the computer</source>
        <translation>Suspend the computer</translation>
    </message>
    <message>
        <source>Shut down the computer</source>
        <translation>Shut down the computer</translation>
    </message>
    <message>
        <source>A batch has finished when nothing is uploading or waiting any more. Suspending and shutting down wait 60 seconds, which can be cancelled. Quitting waits for all to succeed: with failures Hoist stays open and notifies, so that they can be seen.</source>
        <translation>A batch has finished when nothing is uploading or waiting any more. Suspending and shutting down wait 60 seconds, which can be cancelled. Quitting waits for all to succeed: with failures Hoist stays open and notifies, so that they can be seen.</translation>
    </message>
    <message>
        <source>e.g. notify-send Hoist &quot;$HOIST_FINISHED_COUNT uploaded&quot;</source>
        <translation>e.g. notify-send Hoist &quot;$HOIST_FINISHED_COUNT uploaded&quot;</translation>
    </message>
    <message>
        <source>Run by /bin/sh. Its environment names the files: HOIST_FINISHED_COUNT and HOIST_FAILED_COUNT say how many; HOIST_FINISHED_LIST and HOIST_FAILED_LIST are files listing their paths, one a line. If it fails, Hoist says so.</source>
        <translation>Run by /bin/sh. Its environment names the files: HOIST_FINISHED_COUNT and HOIST_FAILED_COUNT say how many; HOIST_FINISHED_LIST and HOIST_FAILED_LIST are files listing their paths, one a line. If it fails, Hoist says so.</translation>
    </message>
    <message>
        <source>&amp;Give up after:</source>
        <translation>&amp;Give up after:</translation>
    </message>
    <message>
        <source>Co&amp;mmand:</source>
        <translation>Co&amp;mmand:</translation>
    </message>
    <message>
        <source>Left out of folders</source>
        <translation>Left out of folders</translation>
    </message>
    <message>
        <source>Files and folders matching these are never uploaded from dropped or watched folders.</source>
        <translation>Files and folders matching these are never uploaded from dropped or watched folders.</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Light</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dark</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Theme:</translation>
    </message>
    <message>
        <source>How many requests go at once, in all (the toolbar&apos;s “Parallel”).</source>
        <translation>How many requests go at once, in all (the toolbar&apos;s “Parallel”).</translation>
    </message>
    <message>
        <source>While its server does not answer or keeps failing, an upload waits and tries again; it fails only after this long without progress (as --give-up-after). A server that says it will come back (its disk is full, it asks to wait) is waited for however long it takes</source>
        <translation>While its server does not answer or keeps failing, an upload waits and tries again; it fails only after this long without progress (as --give-up-after). A server that says it will come back (its disk is full, it asks to wait) is waited for however long it takes</translation>
    </message>
</context>
<context>
    <name>SftpConnection</name>
    <message>
        <source>Cannot connect to %1: %2</source>
        <translation>Cannot connect to %1: %2</translation>
    </message>
    <message>
        <source>%1 refused an SFTP channel: %2</source>
        <translation>%1 refused an SFTP channel: %2</translation>
    </message>
    <message>
        <source>Connection to %1 lost: %2</source>
        <translation>Connection to %1 lost: %2</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>permission denied</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>no such file or folder</translation>
    </message>
    <message>
        <source>it exists already</source>
        <translation>it exists already</translation>
    </message>
    <message>
        <source>the server&apos;s disk is read-only</source>
        <translation>the server&apos;s disk is read-only</translation>
    </message>
    <message>
        <source>the server failed (SFTP status %1)</source>
        <translation>the server failed (SFTP status %1)</translation>
    </message>
    <message>
        <source>%1 on %2: %3</source>
        <translation>%1 on %2: %3</translation>
    </message>
</context>
<context>
    <name>SftpFileUpload</name>
    <message>
        <source>%1 is a folder on the server</source>
        <translation>%1 is a folder on the server</translation>
    </message>
    <message>
        <source>%1 exists on the server with another size or time; --if-exists overwrite or rename says what to do</source>
        <translation>%1 exists on the server with another size or time; --if-exists overwrite or rename says what to do</translation>
    </message>
    <message>
        <source>Looking for %1</source>
        <translation>Looking for %1</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Cannot read %1: %2</translation>
    </message>
    <message>
        <source>Looking for the folder %1</source>
        <translation>Looking for the folder %1</translation>
    </message>
    <message>
        <source>Making the folder %1</source>
        <translation>Making the folder %1</translation>
    </message>
    <message>
        <source>Reading %1</source>
        <translation>Reading %1</translation>
    </message>
    <message>
        <source>Writing %1</source>
        <translation>Writing %1</translation>
    </message>
    <message>
        <source>Setting the time of %1</source>
        <translation>Setting the time of %1</translation>
    </message>
    <message>
        <source>Setting the permissions of %1</source>
        <translation>Setting the permissions of %1</translation>
    </message>
    <message>
        <source>%1 holds %2 bytes on the server instead of %3</source>
        <translation>%1 holds %2 bytes on the server instead of %3</translation>
    </message>
    <message>
        <source>Finding a free name beside %1</source>
        <translation>Finding a free name beside %1</translation>
    </message>
    <message>
        <source>Renaming %1</source>
        <translation>Renaming %1</translation>
    </message>
</context>
<context>
    <name>SftpParallelTransfer</name>
    <message>
        <source>%1 was on the server already, of the same size and time</source>
        <translation>%1 was on the server already, of the same size and time</translation>
    </message>
    <message>
        <source>Stored as %1, of the file&apos;s size (SFTP servers report no checksum)</source>
        <translation>Stored as %1, of the file&apos;s size (SFTP servers report no checksum)</translation>
    </message>
</context>
<context>
    <name>SftpPartFile</name>
    <message>
        <source>Looking for %1</source>
        <translation>Looking for %1</translation>
    </message>
    <message>
        <source>Writing %1</source>
        <translation>Writing %1</translation>
    </message>
</context>
<context>
    <name>SftpRangeUpload</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Cannot read %1: %2</translation>
    </message>
    <message>
        <source>Reading %1</source>
        <translation>Reading %1</translation>
    </message>
    <message>
        <source>Writing %1</source>
        <translation>Writing %1</translation>
    </message>
</context>
<context>
    <name>SftpRangeWriter</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Cannot read %1: %2</translation>
    </message>
</context>
<context>
    <name>SftpTarget</name>
    <message>
        <source>Not an sftp://USER@HOST/FOLDER address</source>
        <translation>Not an sftp://USER@HOST/FOLDER address</translation>
    </message>
    <message>
        <source>The sftp:// address has no server name</source>
        <translation>The sftp:// address has no server name</translation>
    </message>
    <message>
        <source>The sftp:// address names no user: sftp://USER@%1/FOLDER</source>
        <translation>The sftp:// address names no user: sftp://USER@%1/FOLDER</translation>
    </message>
    <message>
        <source>Give no password in the sftp:// address: Hoist signs in with keys</source>
        <translation>Give no password in the sftp:// address: Hoist signs in with keys</translation>
    </message>
    <message>
        <source>The sftp:// folder must not contain &quot;..&quot;</source>
        <translation>The sftp:// folder must not contain &quot;..&quot;</translation>
    </message>
</context>
<context>
    <name>SftpTargetDialog</name>
    <message>
        <source>SFTP server</source>
        <translation>SFTP server</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>example.com or 192.0.2.7</source>
        <translation>example.com or 192.0.2.7</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>User</source>
        <translation>User</translation>
    </message>
    <message>
        <source>Remote folder</source>
        <translation>Remote folder</translation>
    </message>
    <message>
        <source>~/uploads or /srv/uploads; empty: the home folder</source>
        <translation>~/uploads or /srv/uploads; empty: the home folder</translation>
    </message>
    <message>
        <source>A folder not starting with / is under the user&apos;s home folder on the server. Missing folders are created.</source>
        <translation>A folder not starting with / is under the user&apos;s home folder on the server. Missing folders are created.</translation>
    </message>
    <message>
        <source>Key file</source>
        <translation>Key file</translation>
    </message>
    <message>
        <source>ssh-agent (no key in ~/.ssh)</source>
        <translation>ssh-agent (no key in ~/.ssh)</translation>
    </message>
    <message>
        <source>ssh-agent, then %1</source>
        <translation>ssh-agent, then %1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Empty: ssh-agent&apos;s keys, then ~/.ssh/id_ed25519, id_ecdsa and id_rsa (as --ssh-identity). For every SFTP server.</source>
        <translation>Empty: ssh-agent&apos;s keys, then ~/.ssh/id_ed25519, id_ecdsa and id_rsa (as --ssh-identity). For every SFTP server.</translation>
    </message>
    <message>
        <source>Known hosts file</source>
        <translation>Known hosts file</translation>
    </message>
    <message>
        <source>~/.ssh/known_hosts</source>
        <translation>~/.ssh/known_hosts</translation>
    </message>
    <message>
        <source>Where the servers&apos; host keys are checked, and a newly accepted one written (as --ssh-known-hosts). For every SFTP server.</source>
        <translation>Where the servers&apos; host keys are checked, and a newly accepted one written (as --ssh-known-hosts). For every SFTP server.</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Choose…</translation>
    </message>
    <message>
        <source>Choose a key file</source>
        <translation>Choose a key file</translation>
    </message>
    <message>
        <source>Choose a known hosts file</source>
        <translation>Choose a known hosts file</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>&amp;Server:</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>P&amp;ort:</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;User:</translation>
    </message>
    <message>
        <source>Remote &amp;folder:</source>
        <translation>Remote &amp;folder:</translation>
    </message>
    <message>
        <source>&amp;Key file:</source>
        <translation>&amp;Key file:</translation>
    </message>
    <message>
        <source>Known &amp;hosts:</source>
        <translation>Known &amp;hosts:</translation>
    </message>
    <message>
        <source>Files go to the folder on the server by the path the table shows: a dropped folder keeps its structure. Hoist signs in with ssh-agent&apos;s keys or a key file; the key and the known hosts serve every SFTP server.</source>
        <translation>Files go to the folder on the server by the path the table shows: a dropped folder keeps its structure. Hoist signs in with ssh-agent&apos;s keys or a key file; the key and the known hosts serve every SFTP server.</translation>
    </message>
    <message>
        <source>Enter the server&apos;s name or address.</source>
        <translation>Enter the server&apos;s name or address.</translation>
    </message>
    <message>
        <source>“%1” is not a server name: type the name or address alone (example.com, 192.0.2.7).</source>
        <translation>“%1” is not a server name: type the name or address alone (example.com, 192.0.2.7).</translation>
    </message>
    <message>
        <source>“%1” is not a server name or address.</source>
        <translation>“%1” is not a server name or address.</translation>
    </message>
    <message>
        <source>The port is a number from 1 to 65535 (empty: %1).</source>
        <translation>The port is a number from 1 to 65535 (empty: %1).</translation>
    </message>
    <message>
        <source>Enter the user to sign in as.</source>
        <translation>Enter the user to sign in as.</translation>
    </message>
    <message>
        <source>A user name holds no blank, /, \, @ or :.</source>
        <translation>A user name holds no blank, /, \, @ or :.</translation>
    </message>
    <message>
        <source>The remote folder must not contain “..”: name the folder itself.</source>
        <translation>The remote folder must not contain “..”: name the folder itself.</translation>
    </message>
    <message>
        <source>The remote folder has an empty name in it (“//”).</source>
        <translation>The remote folder has an empty name in it (“//”).</translation>
    </message>
    <message>
        <source>There is no key file %1.</source>
        <translation>There is no key file %1.</translation>
    </message>
    <message>
        <source>%1 is not a file Hoist can read.</source>
        <translation>%1 is not a file Hoist can read.</translation>
    </message>
    <message>
        <source>%1 is the public key: choose the private key beside it (without .pub).</source>
        <translation>%1 is the public key: choose the private key beside it (without .pub).</translation>
    </message>
    <message>
        <source>%1 is a folder: name the known hosts file in it.</source>
        <translation>%1 is a folder: name the known hosts file in it.</translation>
    </message>
    <message>
        <source>The folder of %1 does not exist.</source>
        <translation>The folder of %1 does not exist.</translation>
    </message>
    <message>
        <source>Uploads go to %1</source>
        <translation>Uploads go to %1</translation>
    </message>
</context>
<context>
    <name>SftpTransfer</name>
    <message>
        <source>%1 was on the server already, of the same size and time</source>
        <translation>%1 was on the server already, of the same size and time</translation>
    </message>
    <message>
        <source>Stored as %1, of the file&apos;s size (SFTP servers report no checksum)</source>
        <translation>Stored as %1, of the file&apos;s size (SFTP servers report no checksum)</translation>
    </message>
    <message>
        <source>%1 was on the server already; left as it was, as answered</source>
        <translation>%1 was on the server already; left as it was, as answered</translation>
    </message>
</context>
<context>
    <name>SpeedGraph</name>
    <message>
        <source>Upload speed graph</source>
        <translation>Upload speed graph</translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n min ago</numerusform>
            <numerusform>%n min ago</numerusform>
        </translation>
    </message>
    <message>
        <source>now</source>
        <translation>now</translation>
    </message>
    <message>
        <source>Total %1</source>
        <translation>Total %1</translation>
    </message>
    <message>
        <source>Total: idle</source>
        <translation>Total: idle</translation>
    </message>
    <message>
        <source>This upload %1</source>
        <translation>This upload %1</translation>
    </message>
    <message>
        <source>This upload: not sending</source>
        <translation>This upload: not sending</translation>
    </message>
</context>
<context>
    <name>SshAuth</name>
    <message>
        <source>The key file %1 does not exist</source>
        <translation>The key file %1 does not exist</translation>
    </message>
    <message>
        <source>No SSH key to sign in to %1 as %2 with: no ssh-agent, no key file (%3); give one with --ssh-identity FILE</source>
        <translation>No SSH key to sign in to %1 as %2 with: no ssh-agent, no key file (%3); give one with --ssh-identity FILE</translation>
    </message>
    <message>
        <source>%1 refused every key for %2: tried %3</source>
        <translation>%1 refused every key for %2: tried %3</translation>
    </message>
    <message>
        <source> (%1 needs a passphrase: add it to ssh-agent with ssh-add)</source>
        <translation> (%1 needs a passphrase: add it to ssh-agent with ssh-add)</translation>
    </message>
    <message>
        <source>The passphrase given for %1 does not open it</source>
        <translation>The passphrase given for %1 does not open it</translation>
    </message>
    <message>
        <source>The key file %1 needs its passphrase to sign in to %2</source>
        <translation>The key file %1 needs its passphrase to sign in to %2</translation>
    </message>
    <message>
        <source>%1 refused the password for %2</source>
        <translation>%1 refused the password for %2</translation>
    </message>
    <message>
        <source>%1 asks for the password of %2 to sign in</source>
        <translation>%1 asks for the password of %2 to sign in</translation>
    </message>
    <message>
        <source>%1 asks %2 to answer its sign-in prompts</source>
        <translation>%1 asks %2 to answer its sign-in prompts</translation>
    </message>
    <message>
        <source>%1 refused the sign-in of %2</source>
        <translation>%1 refused the sign-in of %2</translation>
    </message>
    <message>
        <source>%1 refused the answers of %2 to its prompts</source>
        <translation>%1 refused the answers of %2 to its prompts</translation>
    </message>
    <message>
        <source>%1 takes no SSH key for %2, only a password: Hoist asks for one in its window only</source>
        <translation>%1 takes no SSH key for %2, only a password: Hoist asks for one in its window only</translation>
    </message>
    <message>
        <source> (it also takes a password: Hoist asks for one in its window only)</source>
        <translation> (it also takes a password: Hoist asks for one in its window only)</translation>
    </message>
</context>
<context>
    <name>SshHostKey</name>
    <message>
        <source>%1 showed no host key</source>
        <translation>%1 showed no host key</translation>
    </message>
    <message>
        <source>The host key of %1 has changed: the server shows %2, %3 holds %4. Someone may be intercepting the connection; if the server&apos;s key was replaced, remove the old one with ssh-keygen -R &apos;%1&apos; -f %3</source>
        <translation>The host key of %1 has changed: the server shows %2, %3 holds %4. Someone may be intercepting the connection; if the server&apos;s key was replaced, remove the old one with ssh-keygen -R &apos;%1&apos; -f %3</translation>
    </message>
    <message>
        <source>Cannot check the host key of %1 against %2: %3</source>
        <translation>Cannot check the host key of %1 against %2: %3</translation>
    </message>
    <message>
        <source>The host key of %1 is not known (%2, %3). If that is the server&apos;s key, accept it with --ssh-accept-host-key %2</source>
        <translation>The host key of %1 is not known (%2, %3). If that is the server&apos;s key, accept it with --ssh-accept-host-key %2</translation>
    </message>
    <message>
        <source>The host key of %1 is not known (%2, %3): Hoist connects once it is trusted</source>
        <translation>The host key of %1 is not known (%2, %3): Hoist connects once it is trusted</translation>
    </message>
</context>
<context>
    <name>SshHostKeyDialog</name>
    <message>
        <source>SSH host key changed</source>
        <translation>SSH host key changed</translation>
    </message>
    <message>
        <source>Unknown SSH server</source>
        <translation>Unknown SSH server</translation>
    </message>
    <message>
        <source>&lt;b&gt;The host key of %1 has changed&lt;/b&gt;</source>
        <translation>&lt;b&gt;The host key of %1 has changed&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Hoist has not connected to %1 before&lt;/b&gt;</source>
        <translation>&lt;b&gt;Hoist has not connected to %1 before&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Server:</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>Port:</translation>
    </message>
    <message>
        <source>Key type:</source>
        <translation>Key type:</translation>
    </message>
    <message>
        <source>Key shown now:</source>
        <translation>Key shown now:</translation>
    </message>
    <message>
        <source>Fingerprint:</source>
        <translation>Fingerprint:</translation>
    </message>
    <message>
        <source>Key known before:</source>
        <translation>Key known before:</translation>
    </message>
    <message>
        <source>another key</source>
        <translation>another key</translation>
    </message>
    <message>
        <source>Hoist does not connect: someone may be intercepting the connection. Ask the server&apos;s owner for its key&apos;s fingerprint. Only if the key was replaced on purpose, remove the old one and upload again:

ssh-keygen -R &apos;%1&apos; -f %2</source>
        <translation>Hoist does not connect: someone may be intercepting the connection. Ask the server&apos;s owner for its key&apos;s fingerprint. Only if the key was replaced on purpose, remove the old one and upload again:

ssh-keygen -R &apos;%1&apos; -f %2</translation>
    </message>
    <message>
        <source>Compare the fingerprint with the one the server&apos;s owner gives you (on the server: ssh-keygen -lf on its host key). If they match, Hoist remembers the key in %1 and connects; the uploads waiting for it go on.</source>
        <translation>Compare the fingerprint with the one the server&apos;s owner gives you (on the server: ssh-keygen -lf on its host key). If they match, Hoist remembers the key in %1 and connects; the uploads waiting for it go on.</translation>
    </message>
    <message>
        <source>Connect and &amp;remember</source>
        <translation>Connect and &amp;remember</translation>
    </message>
</context>
<context>
    <name>SshPrompter</name>
    <message>
        <source>no keyring</source>
        <translation>no keyring</translation>
    </message>
</context>
<context>
    <name>SshRetry</name>
    <message>
        <source>Waiting for your answer: the host key of %1</source>
        <translation>Waiting for your answer: the host key of %1</translation>
    </message>
    <message>
        <source>Waiting for your answer: the passphrase of %1</source>
        <translation>Waiting for your answer: the passphrase of %1</translation>
    </message>
    <message>
        <source>Waiting for your answer: the password of %1</source>
        <translation>Waiting for your answer: the password of %1</translation>
    </message>
    <message>
        <source>Waiting for your answer: the sign-in prompts of %1</source>
        <translation>Waiting for your answer: the sign-in prompts of %1</translation>
    </message>
    <message>
        <source>You refused the host key of %1 (%2): Retry asks again</source>
        <translation>You refused the host key of %1 (%2): Retry asks again</translation>
    </message>
    <message>
        <source>You gave no passphrase for %1: Retry asks again</source>
        <translation>You gave no passphrase for %1: Retry asks again</translation>
    </message>
    <message>
        <source>You gave no password for %1: Retry asks again</source>
        <translation>You gave no password for %1: Retry asks again</translation>
    </message>
    <message>
        <source>You did not answer the sign-in prompts of %1: Retry asks again</source>
        <translation>You did not answer the sign-in prompts of %1: Retry asks again</translation>
    </message>
</context>
<context>
    <name>SshSecretDialog</name>
    <message>
        <source>Key passphrase</source>
        <translation>Key passphrase</translation>
    </message>
    <message>
        <source>The key file &lt;b&gt;%1&lt;/b&gt; is locked with a passphrase. Hoist needs it to sign in to %2.</source>
        <translation>The key file &lt;b&gt;%1&lt;/b&gt; is locked with a passphrase. Hoist needs it to sign in to %2.</translation>
    </message>
    <message>
        <source>Passphrase:</source>
        <translation>Passphrase:</translation>
    </message>
    <message>
        <source>SSH password</source>
        <translation>SSH password</translation>
    </message>
    <message>
        <source>Password for &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Password for &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Password:</translation>
    </message>
    <message>
        <source>SSH sign-in</source>
        <translation>SSH sign-in</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; asks:</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; asks:</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; asks (%2):</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; asks (%2):</translation>
    </message>
    <message>
        <source>The last answer given was refused; try again.</source>
        <translation>The last answer given was refused; try again.</translation>
    </message>
    <message>
        <source>Remember in the &amp;keyring</source>
        <translation>Remember in the &amp;keyring</translation>
    </message>
    <message>
        <source>Kept in the system keyring, never in a plain file</source>
        <translation>Kept in the system keyring, never in a plain file</translation>
    </message>
    <message>
        <source>Can&apos;t be remembered: %1. Hoist keeps it until it quits.</source>
        <translation>Can&apos;t be remembered: %1. Hoist keeps it until it quits.</translation>
    </message>
    <message>
        <source>&amp;Sign in</source>
        <translation>&amp;Sign in</translation>
    </message>
</context>
<context>
    <name>StatusTotals</name>
    <message>
        <source>%1 uploading</source>
        <translation>%1 uploading</translation>
    </message>
    <message>
        <source>%1 waiting</source>
        <translation>%1 waiting</translation>
    </message>
    <message>
        <source>%1 paused</source>
        <translation>%1 paused</translation>
    </message>
    <message>
        <source>%1 done</source>
        <translation>%1 done</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 failed</translation>
    </message>
    <message>
        <source>No uploads</source>
        <translation>No uploads</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 of %2</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
</context>
<context>
    <name>StoredFileActions</name>
    <message>
        <source>Show in folder</source>
        <translation>Show in folder</translation>
    </message>
    <message>
        <source>Remove from this computer…</source>
        <translation>Remove from this computer…</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove from this computer</source>
        <translation>Remove from this computer</translation>
    </message>
    <message>
        <source>Delete from this computer:

%1

Hoist&apos;s copy and the file under its own name go; the original you uploaded stays.</source>
        <translation>Delete from this computer:

%1

Hoist&apos;s copy and the file under its own name go; the original you uploaded stays.</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n from this computer…</source>
        <translation>
            <numerusform>Remove %n from this computer…</numerusform>
            <numerusform>Remove %n from this computer…</numerusform>
        </translation>
    </message>
    <message>
        <source>This computer keeps no file under that name any more.</source>
        <translation>This computer keeps no file under that name any more.</translation>
    </message>
    <message>
        <source>Copy URL</source>
        <translation>Copy URL</translation>
    </message>
    <message>
        <source>The address on Hoist&apos;s own server, which opens on this computer only</source>
        <translation>The address on Hoist&apos;s own server, which opens on this computer only</translation>
    </message>
    <message>
        <source>Copy URLs</source>
        <translation>Copy URLs</translation>
    </message>
    <message>
        <source>No file manager could open the folder. The file is in:
%1</source>
        <translation>No file manager could open the folder. The file is in:
%1</translation>
    </message>
</context>
<context>
    <name>TargetSettingsGroup</name>
    <message>
        <source>SFTP and WebDAV servers</source>
        <translation>SFTP and WebDAV servers</translation>
    </message>
    <message>
        <source>Overwrite it</source>
        <translation>Overwrite it</translation>
    </message>
    <message>
        <source>Skip it if of the same size and time</source>
        <translation>Skip it if of the same size and time</translation>
    </message>
    <message>
        <source>Upload beside it as “NAME (2)”</source>
        <translation>Upload beside it as “NAME (2)”</translation>
    </message>
    <message>
        <source>Ask each time</source>
        <translation>Ask each time</translation>
    </message>
    <message>
        <source>What an upload does when the server has a file of its name already (as --if-exists). Skip: over SFTP a file of the same size and modification time is left as it is and a different one fails, saying so; over WebDAV any file there is left. Ask: one question at a time, naming the file, with “Do the same for the rest”. tus and S3 uploads always replace.</source>
        <translation>What an upload does when the server has a file of its name already (as --if-exists). Skip: over SFTP a file of the same size and modification time is left as it is and a different one fails, saying so; over WebDAV any file there is left. Ask: one question at a time, naming the file, with “Do the same for the rest”. tus and S3 uploads always replace.</translation>
    </message>
    <message>
        <source>The permissions of uploaded files on SFTP servers, in octal as chmod takes them (0644: the owner writes, all read)</source>
        <translation>The permissions of uploaded files on SFTP servers, in octal as chmod takes them (0644: the owner writes, all read)</translation>
    </message>
    <message>
        <source>The permissions of folders Hoist makes on SFTP servers, in octal (0755: the owner writes, all read and enter)</source>
        <translation>The permissions of folders Hoist makes on SFTP servers, in octal (0755: the owner writes, all read and enter)</translation>
    </message>
    <message>
        <source>When the file is already &amp;there:</source>
        <translation>When the file is already &amp;there:</translation>
    </message>
    <message>
        <source>New &amp;files&apos; permissions (SFTP):</source>
        <translation>New &amp;files&apos; permissions (SFTP):</translation>
    </message>
    <message>
        <source>New f&amp;olders&apos; permissions (SFTP):</source>
        <translation>New f&amp;olders&apos; permissions (SFTP):</translation>
    </message>
    <message>
        <source>“%1” is not a mode: up to four octal digits, at most 0777, as chmod takes them (0644, 755).</source>
        <translation>“%1” is not a mode: up to four octal digits, at most 0777, as chmod takes them (0644, 755).</translation>
    </message>
</context>
<context>
    <name>TaskDriver</name>
    <message>
        <source>The server no longer had this upload; starting it again.</source>
        <translation>The server no longer had this upload; starting it again.</translation>
    </message>
</context>
<context>
    <name>TaskPreparer</name>
    <message>
        <source>The file changed since it was queued; nothing more was sent. Retry uploads it anew.</source>
        <translation>The file changed since it was queued; nothing more was sent. Retry uploads it anew.</translation>
    </message>
    <message>
        <source>The file is gone since it was queued.</source>
        <translation>The file is gone since it was queued.</translation>
    </message>
    <message>
        <source>The file changed while uploading: %1 Nothing was sent.</source>
        <translation>The file changed while uploading: %1 Nothing was sent.</translation>
    </message>
</context>
<context>
    <name>TaskRunner</name>
    <message>
        <source>The queue could not be saved (%1); this upload may not survive a crash.</source>
        <translation>The queue could not be saved (%1); this upload may not survive a crash.</translation>
    </message>
</context>
<context>
    <name>TaskStore</name>
    <message>
        <source>The task store in %1 is already open.</source>
        <translation>The task store in %1 is already open.</translation>
    </message>
    <message>
        <source>Cannot create the directory %1.</source>
        <translation>Cannot create the directory %1.</translation>
    </message>
    <message>
        <source>The task database %1 is unreadable (%2) and could not be moved aside: %3</source>
        <translation>The task database %1 is unreadable (%2) and could not be moved aside: %3</translation>
    </message>
    <message>
        <source>The task database %1 was unreadable (%2). It was moved to %3 and an empty queue started.</source>
        <translation>The task database %1 was unreadable (%2). It was moved to %3 and an empty queue started.</translation>
    </message>
    <message>
        <source>Cannot start a new task database in %1: %2</source>
        <translation>Cannot start a new task database in %1: %2</translation>
    </message>
    <message>
        <source>Another Hoist is using %1.</source>
        <translation>Another Hoist is using %1.</translation>
    </message>
    <message>
        <source>Another Hoist (pid %1 on %2) is using %3.</source>
        <translation>Another Hoist (pid %1 on %2) is using %3.</translation>
    </message>
    <message>
        <source>Another Hoist (pid %1) is using %2.</source>
        <translation>Another Hoist (pid %1) is using %2.</translation>
    </message>
    <message>
        <source>Cannot create the lock file in %1: permission denied.</source>
        <translation>Cannot create the lock file in %1: permission denied.</translation>
    </message>
    <message>
        <source>Cannot lock %1.</source>
        <translation>Cannot lock %1.</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>Cannot open %1: %2</translation>
    </message>
    <message>
        <source>quick_check: %1</source>
        <translation>quick_check: %1</translation>
    </message>
    <message>
        <source>no schema version</source>
        <translation>no schema version</translation>
    </message>
    <message>
        <source>The task database %1 was written by a newer Hoist (schema %2; this one reads %3).</source>
        <translation>The task database %1 was written by a newer Hoist (schema %2; this one reads %3).</translation>
    </message>
    <message>
        <source>a journal without its database</source>
        <translation>a journal without its database</translation>
    </message>
    <message>
        <source>Cannot bring the task database up to schema %1: %2</source>
        <translation>Cannot bring the task database up to schema %1: %2</translation>
    </message>
    <message>
        <source>cannot rename %1 to %2</source>
        <translation>cannot rename %1 to %2</translation>
    </message>
    <message>
        <source>cannot move %1 out of the way</source>
        <translation>cannot move %1 out of the way</translation>
    </message>
    <message>
        <source>the task store is not open</source>
        <translation>the task store is not open</translation>
    </message>
    <message>
        <source>Could not save the upload queue: the task store is not open.</source>
        <translation>Could not save the upload queue: the task store is not open.</translation>
    </message>
    <message>
        <source>Could not save the upload queue in %1: %2</source>
        <translation>Could not save the upload queue in %1: %2</translation>
    </message>
    <message>
        <source>disk full</source>
        <translation>disk full</translation>
    </message>
    <message>
        <source>Could not save the upload URL of task %1 in %2.</source>
        <translation>Could not save the upload URL of task %1 in %2.</translation>
    </message>
</context>
<context>
    <name>TimeLeftLabel</name>
    <message>
        <source>Less than a minute left</source>
        <translation>Less than a minute left</translation>
    </message>
    <message>
        <source>About %1 min left</source>
        <translation>About %1 min left</translation>
    </message>
    <message>
        <source>About %1 h left</source>
        <translation>About %1 h left</translation>
    </message>
    <message>
        <source>About %1 h %2 min left</source>
        <translation>About %1 h %2 min left</translation>
    </message>
    <message>
        <source>About %1 days left</source>
        <translation>About %1 days left</translation>
    </message>
    <message numerus="yes">
        <source>%1 (all %n uploads)</source>
        <translation>
            <numerusform>%1 (%n upload)</numerusform>
            <numerusform>%1 (all %n uploads)</numerusform>
        </translation>
    </message>
    <message>
        <source>What the uploading and waiting uploads still have to send (%1), at the speed of all of them together (%2, smoothed). A row&apos;s Time left is that upload alone at its own speed.</source>
        <translation>What the uploading and waiting uploads still have to send (%1), at the speed of all of them together (%2, smoothed). A row&apos;s Time left is that upload alone at its own speed.</translation>
    </message>
    <message>
        <source>&lt; 1 min left</source>
        <translation>&lt; 1 min left</translation>
    </message>
    <message>
        <source>%1 min left</source>
        <translation>%1 min left</translation>
    </message>
    <message>
        <source>%1 h left</source>
        <translation>%1 h left</translation>
    </message>
    <message>
        <source>%1 h %2 min left</source>
        <translation>%1 h %2 min left</translation>
    </message>
    <message>
        <source>%1 days left</source>
        <translation>%1 days left</translation>
    </message>
</context>
<context>
    <name>TokenControl</name>
    <message>
        <source>Token…</source>
        <translation>Token…</translation>
    </message>
    <message>
        <source>The keyring did not keep the token for %1 (%2); Hoist keeps it until it quits.</source>
        <translation>The keyring did not keep the token for %1 (%2); Hoist keeps it until it quits.</translation>
    </message>
    <message>
        <source>Hoist&apos;s own server on this computer needs no token</source>
        <translation>Hoist&apos;s own server on this computer needs no token</translation>
    </message>
    <message>
        <source>Set a server address first</source>
        <translation>Set a server address first</translation>
    </message>
    <message>
        <source>No token set for this server. Click to give one.</source>
        <translation>No token set for this server. Click to give one.</translation>
    </message>
    <message>
        <source>A token is set for this server and remembered on this computer.</source>
        <translation>A token is set for this server and remembered on this computer.</translation>
    </message>
    <message>
        <source>A token is set for this server, for this session only.</source>
        <translation>A token is set for this server, for this session only.</translation>
    </message>
    <message>
        <source>%1 refused the token (HTTP 401).</source>
        <translation>%1 refused the token (HTTP 401).</translation>
    </message>
    <message>
        <source>%1 wants a token (HTTP 401).</source>
        <translation>%1 wants a token (HTTP 401).</translation>
    </message>
    <message>
        <source>An S3 bucket takes keys, not a token: see “S3 bucket…”</source>
        <translation>An S3 bucket takes keys, not a token: see “S3 bucket…”</translation>
    </message>
    <message>
        <source>Token… (%1): %2</source>
        <translation>Token… (%1): %2</translation>
    </message>
    <message numerus="yes">
        <source>Retrying %n upload(s) to %1 with the new token.</source>
        <translation>
            <numerusform>Retrying %n upload to %1 with the new token.</numerusform>
            <numerusform>Retrying %n uploads to %1 with the new token.</numerusform>
        </translation>
    </message>
    <message>
        <source>Set it with the key button in the Server field (%1); its refused uploads start again.</source>
        <translation>Set it with the key button in the Server field (%1); its refused uploads start again.</translation>
    </message>
    <message>
        <source>Choose that server, then set its token with the key button in the Server field (%1).</source>
        <translation>Choose that server, then set its token with the key button in the Server field (%1).</translation>
    </message>
</context>
<context>
    <name>TokenDialog</name>
    <message>
        <source>Token for %1</source>
        <translation>Token for %1</translation>
    </message>
    <message>
        <source>Token for &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Token for &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Uploads to this server only send it, as “Authorization: Bearer …”.</source>
        <translation>Uploads to this server only send it, as “Authorization: Bearer …”.</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>&amp;Remember on this computer</source>
        <translation>&amp;Remember on this computer</translation>
    </message>
    <message>
        <source>Kept in the system keyring, never in a plain file</source>
        <translation>Kept in the system keyring, never in a plain file</translation>
    </message>
    <message>
        <source>C&amp;lear token</source>
        <translation>C&amp;lear token</translation>
    </message>
    <message>
        <source>Send no token to this server; the keyring forgets it</source>
        <translation>Send no token to this server; the keyring forgets it</translation>
    </message>
    <message>
        <source>A token is set; type a new one to replace it</source>
        <translation>A token is set; type a new one to replace it</translation>
    </message>
    <message>
        <source>Paste the token</source>
        <translation>Paste the token</translation>
    </message>
    <message>
        <source>That is not a token: it holds spaces, line breaks or other characters a request header cannot carry.</source>
        <translation>That is not a token: it holds spaces, line breaks or other characters a request header cannot carry.</translation>
    </message>
    <message>
        <source>Can&apos;t be remembered: no keyring. Hoist keeps the token until it quits.</source>
        <translation>Can&apos;t be remembered: no keyring. Hoist keeps the token until it quits.</translation>
    </message>
    <message>
        <source>Looking in the keyring…</source>
        <translation>Looking in the keyring…</translation>
    </message>
    <message>
        <source>A token is set and remembered on this computer.</source>
        <translation>A token is set and remembered on this computer.</translation>
    </message>
    <message>
        <source>A token is set for this session only.</source>
        <translation>A token is set for this session only.</translation>
    </message>
    <message>
        <source>No token set: uploads to this server send none.</source>
        <translation>No token set: uploads to this server send none.</translation>
    </message>
</context>
<context>
    <name>TokenKeeper</name>
    <message>
        <source>no keyring</source>
        <translation>no keyring</translation>
    </message>
</context>
<context>
    <name>TransferFile</name>
    <message>
        <source>Cannot read &apos;%1&apos;: %2.</source>
        <translation>Cannot read &apos;%1&apos;: %2.</translation>
    </message>
    <message>
        <source>Reading &apos;%1&apos; stalled: its file system did not answer for %2 s.</source>
        <translation>Reading &apos;%1&apos; stalled: its file system did not answer for %2 s.</translation>
    </message>
    <message>
        <source>Cannot read &apos;%1&apos; while uploading it: %2.</source>
        <translation>Cannot read &apos;%1&apos; while uploading it: %2.</translation>
    </message>
    <message>
        <source>Could not read &apos;%1&apos; to compute its checksum.</source>
        <translation>Could not read &apos;%1&apos; to compute its checksum.</translation>
    </message>
    <message>
        <source>Cannot read &apos;%1&apos; to compute its checksum: %2.</source>
        <translation>Cannot read &apos;%1&apos; to compute its checksum: %2.</translation>
    </message>
</context>
<context>
    <name>TransferSchedule</name>
    <message>
        <source>Full speed</source>
        <translation>Full speed</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Paused</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>line %1: %2</translation>
    </message>
    <message>
        <source>unknown days &quot;%1&quot; (write Mon…Sun, a range such as Mon-Fri, a list such as Sat,Sun, or *)</source>
        <translation>unknown days &quot;%1&quot; (write Mon…Sun, a range such as Mon-Fri, a list such as Sat,Sun, or *)</translation>
    </message>
    <message>
        <source>hours &quot;%1&quot; must be FROM-TO in whole hours from 0 to 24, such as 09-17 or 23-07</source>
        <translation>hours &quot;%1&quot; must be FROM-TO in whole hours from 0 to 24, such as 09-17 or 23-07</translation>
    </message>
    <message>
        <source>says no mode: end it with full, paused or limit RATE</source>
        <translation>says no mode: end it with full, paused or limit RATE</translation>
    </message>
    <message>
        <source>limit needs a rate, such as limit 2M or limit 512K</source>
        <translation>limit needs a rate, such as limit 2M or limit 512K</translation>
    </message>
    <message>
        <source>limit needs a rate such as 2M, 512K or 1048576 (bytes per second), at least 1K</source>
        <translation>limit needs a rate such as 2M, 512K or 1048576 (bytes per second), at least 1K</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a mode: write full, paused or limit RATE</source>
        <translation>&quot;%1&quot; is not a mode: write full, paused or limit RATE</translation>
    </message>
    <message>
        <source>unexpected &quot;%1&quot; after the mode</source>
        <translation>unexpected &quot;%1&quot; after the mode</translation>
    </message>
</context>
<context>
    <name>TrayIcon</name>
    <message>
        <source>Pause all</source>
        <translation>Pause all</translation>
    </message>
    <message>
        <source>Resume all</source>
        <translation>Resume all</translation>
    </message>
    <message>
        <source>Show Hoist</source>
        <translation>Show Hoist</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Quit</translation>
    </message>
    <message>
        <source>Uploads not finished go on when Hoist starts again</source>
        <translation>Uploads not finished go on when Hoist starts again</translation>
    </message>
    <message>
        <source>%1 uploading</source>
        <translation>%1 uploading</translation>
    </message>
    <message>
        <source>%1 waiting</source>
        <translation>%1 waiting</translation>
    </message>
    <message>
        <source>%1 paused</source>
        <translation>%1 paused</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 failed</translation>
    </message>
    <message>
        <source>all uploads done</source>
        <translation>all uploads done</translation>
    </message>
    <message>
        <source>no uploads</source>
        <translation>no uploads</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 of %2</translation>
    </message>
</context>
<context>
    <name>TrayPolicyMenu</name>
    <message>
        <source>Watch folders…</source>
        <translation>Watch folders…</translation>
    </message>
    <message>
        <source>Rule in force: %1</source>
        <translation>Rule in force: %1</translation>
    </message>
    <message>
        <source>Back to schedule</source>
        <translation>Back to schedule</translation>
    </message>
    <message>
        <source>Back to schedule (%1)</source>
        <translation>Back to schedule (%1)</translation>
    </message>
    <message>
        <source>Full speed for 1 hour</source>
        <translation>Full speed for 1 hour</translation>
    </message>
    <message>
        <source>Resume watching</source>
        <translation>Resume watching</translation>
    </message>
    <message>
        <source>Pause watching</source>
        <translation>Pause watching</translation>
    </message>
</context>
<context>
    <name>TusAnswer</name>
    <message>
        <source>The server did not say where the upload is (no Location in its HTTP %1 answer).</source>
        <translation>The server did not say where the upload is (no Location in its HTTP %1 answer).</translation>
    </message>
    <message>
        <source>The server gave an unusable upload address. %1</source>
        <translation>The server gave an unusable upload address. %1</translation>
    </message>
    <message>
        <source>The server&apos;s answer to creating the upload is not tus (Upload-Offset &apos;%1&apos; after sending %2 bytes).</source>
        <translation>The server&apos;s answer to creating the upload is not tus (Upload-Offset &apos;%1&apos; after sending %2 bytes).</translation>
    </message>
    <message>
        <source>The server&apos;s answer about the upload is not tus (Upload-Offset &apos;%1&apos; for an upload of %2 bytes).</source>
        <translation>The server&apos;s answer about the upload is not tus (Upload-Offset &apos;%1&apos; for an upload of %2 bytes).</translation>
    </message>
    <message>
        <source>The server&apos;s answer is not tus: Upload-Offset &apos;%1&apos; after sending bytes %2 to %3.</source>
        <translation>The server&apos;s answer is not tus: Upload-Offset &apos;%1&apos; after sending bytes %2 to %3.</translation>
    </message>
    <message>
        <source>The server accepted none of the %1 bytes sent.</source>
        <translation>The server accepted none of the %1 bytes sent.</translation>
    </message>
</context>
<context>
    <name>TusDiscovery</name>
    <message>
        <source>asking the server what it supports</source>
        <translation>asking the server what it supports</translation>
    </message>
    <message>
        <source>The server speaks tus %1, not 1.0.0.</source>
        <translation>The server speaks tus %1, not 1.0.0.</translation>
    </message>
</context>
<context>
    <name>TusHttp</name>
    <message>
        <source>No server address is set.</source>
        <translation>No server address is set.</translation>
    </message>
    <message>
        <source>The server address &apos;%1&apos; is not a valid URL.</source>
        <translation>The server address &apos;%1&apos; is not a valid URL.</translation>
    </message>
    <message>
        <source>The server address &apos;%1&apos; must start with http:// or https://.</source>
        <translation>The server address &apos;%1&apos; must start with http:// or https://.</translation>
    </message>
    <message>
        <source>The server address &apos;%1&apos; has no host name.</source>
        <translation>The server address &apos;%1&apos; has no host name.</translation>
    </message>
    <message>
        <source>Connection refused by %1</source>
        <translation>Connection refused by %1</translation>
    </message>
    <message>
        <source>No server called %1 was found</source>
        <translation>No server called %1 was found</translation>
    </message>
    <message>
        <source>%1 closed the connection</source>
        <translation>%1 closed the connection</translation>
    </message>
    <message>
        <source>No answer from %1 in time</source>
        <translation>No answer from %1 in time</translation>
    </message>
    <message>
        <source>No secure connection to %1: %2</source>
        <translation>No secure connection to %1: %2</translation>
    </message>
    <message>
        <source>Cannot use this address: %1</source>
        <translation>Cannot use this address: %1</translation>
    </message>
    <message>
        <source>%1 answered with something that is not valid HTTP</source>
        <translation>%1 answered with something that is not valid HTTP</translation>
    </message>
    <message>
        <source>Network error with %1: %2</source>
        <translation>Network error with %1: %2</translation>
    </message>
    <message>
        <source>While %1 (%2): %3</source>
        <translation>While %1 (%2): %3</translation>
    </message>
    <message>
        <source>The server refused the upload as too large (HTTP 413)%1</source>
        <translation>The server refused the upload as too large (HTTP 413)%1</translation>
    </message>
    <message>
        <source>The server disagreed about the upload offset (HTTP 409)%1</source>
        <translation>The server disagreed about the upload offset (HTTP 409)%1</translation>
    </message>
    <message>
        <source>The upload is locked by another request (HTTP 423)%1</source>
        <translation>The upload is locked by another request (HTTP 423)%1</translation>
    </message>
    <message>
        <source>The server asks to slow down (HTTP 429)%1</source>
        <translation>The server asks to slow down (HTTP 429)%1</translation>
    </message>
    <message>
        <source>checksum mismatch: the server received different bytes than were sent (HTTP 460)%1</source>
        <translation>checksum mismatch: the server received different bytes than were sent (HTTP 460)%1</translation>
    </message>
    <message>
        <source>The server refused authorisation (HTTP 401); check the token set for this server%1</source>
        <translation>The server refused authorisation (HTTP 401); check the token set for this server%1</translation>
    </message>
    <message>
        <source>The server refused access (HTTP 403); this token may not upload there%1</source>
        <translation>The server refused access (HTTP 403); this token may not upload there%1</translation>
    </message>
    <message>
        <source>Server error at %1 (HTTP %2)%3</source>
        <translation>Server error at %1 (HTTP %2)%3</translation>
    </message>
    <message>
        <source>The server refused the upload (HTTP %1)%2</source>
        <translation>The server refused the upload (HTTP %1)%2</translation>
    </message>
    <message>
        <source>The server redirected the request while %1 (HTTP %2); set the server address to the final one.</source>
        <translation>The server redirected the request while %1 (HTTP %2); set the server address to the final one.</translation>
    </message>
    <message>
        <source>The server redirected the request while %1 (HTTP %2) to %3; set the server address to the final one.</source>
        <translation>The server redirected the request while %1 (HTTP %2) to %3; set the server address to the final one.</translation>
    </message>
    <message>
        <source>Unexpected answer from the server while %1 (HTTP %2)%3</source>
        <translation>Unexpected answer from the server while %1 (HTTP %2)%3</translation>
    </message>
    <message>
        <source>While %1 (%2): HTTP %3</source>
        <translation>While %1 (%2): HTTP %3</translation>
    </message>
    <message>
        <source>The disk of %1 is full (HTTP 507)%2</source>
        <translation>The disk of %1 is full (HTTP 507)%2</translation>
    </message>
</context>
<context>
    <name>TusInstantProof</name>
    <message>
        <source>proving the file is held</source>
        <translation>proving the file is held</translation>
    </message>
    <message>
        <source>The server&apos;s answer to a proof is not 0 or the file&apos;s size (%1) but Upload-Offset &apos;%2&apos;.</source>
        <translation>The server&apos;s answer to a proof is not 0 or the file&apos;s size (%1) but Upload-Offset &apos;%2&apos;.</translation>
    </message>
</context>
<context>
    <name>TusParallelTransfer</name>
    <message>
        <source>joining the parts</source>
        <translation>joining the parts</translation>
    </message>
    <message>
        <source>The server did not say where the joined upload is (Location &apos;%1&apos;).</source>
        <translation>The server did not say where the joined upload is (Location &apos;%1&apos;).</translation>
    </message>
    <message>
        <source>The server joined the parts into an upload of Upload-Offset &apos;%1&apos;, not %2 bytes.</source>
        <translation>The server joined the parts into an upload of Upload-Offset &apos;%1&apos;, not %2 bytes.</translation>
    </message>
</context>
<context>
    <name>TusRequestWatch</name>
    <message>
        <source>The upload stalled: no progress for %1 s.</source>
        <translation>The upload stalled: no progress for %1 s.</translation>
    </message>
</context>
<context>
    <name>TusTransfer</name>
    <message>
        <source>The file changed while uploading: %1 got shorter.</source>
        <translation>The file changed while uploading: %1 got shorter.</translation>
    </message>
    <message>
        <source>creating the upload</source>
        <translation>creating the upload</translation>
    </message>
    <message>
        <source>asking the server for the upload&apos;s offset</source>
        <translation>asking the server for the upload&apos;s offset</translation>
    </message>
    <message>
        <source>The server lost the upload it had just created.</source>
        <translation>The server lost the upload it had just created.</translation>
    </message>
    <message>
        <source>sending bytes %1 to %2</source>
        <translation>sending bytes %1 to %2</translation>
    </message>
    <message>
        <source>%1 is too large for this server: it is %2 (%3 bytes), the server accepts at most %4 (%5 bytes).</source>
        <translation>%1 is too large for this server: it is %2 (%3 bytes), the server accepts at most %4 (%5 bytes).</translation>
    </message>
</context>
<context>
    <name>TusVerification</name>
    <message>
        <source>The server&apos;s copy differs from this file: &apos;%1&apos; was sent whole, but what the server stored has another SHA-256. Retry sends it again.</source>
        <translation>The server&apos;s copy differs from this file: &apos;%1&apos; was sent whole, but what the server stored has another SHA-256. Retry sends it again.</translation>
    </message>
    <message>
        <source>SHA-256 of the server&apos;s copy %1, of the file %2</source>
        <translation>SHA-256 of the server&apos;s copy %1, of the file %2</translation>
    </message>
    <message>
        <source>Every request was checked by the server (tus checksum extension).</source>
        <translation>Every request was checked by the server (tus checksum extension).</translation>
    </message>
    <message>
        <source>Not verified: the server did not name its copy&apos;s SHA-256.</source>
        <translation>Not verified: the server did not name its copy&apos;s SHA-256.</translation>
    </message>
    <message>
        <source>Not verified: this server offers no way to check its copy (no tus checksum extension).</source>
        <translation>Not verified: this server offers no way to check its copy (no tus checksum extension).</translation>
    </message>
    <message>
        <source>Not verified: the file could not be read again to compare (%1).</source>
        <translation>Not verified: the file could not be read again to compare (%1).</translation>
    </message>
    <message>
        <source>The server&apos;s whole copy has this file&apos;s SHA-256 (%1…).</source>
        <translation>The server&apos;s whole copy has this file&apos;s SHA-256 (%1…).</translation>
    </message>
</context>
<context>
    <name>UploadLedger</name>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>Cannot create the folder %1</translation>
    </message>
    <message>
        <source>Cannot open the list of watched uploads: %1</source>
        <translation>Cannot open the list of watched uploads: %1</translation>
    </message>
    <message>
        <source>Cannot note a watched upload: %1</source>
        <translation>Cannot note a watched upload: %1</translation>
    </message>
</context>
<context>
    <name>UploadScheduler</name>
    <message>
        <source>Reading the file…</source>
        <translation>Reading the file…</translation>
    </message>
</context>
<context>
    <name>UploadTableModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Size</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progress</translation>
    </message>
    <message>
        <source>Chunks</source>
        <translation>Chunks</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Speed</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>Time left</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1 in %2</translation>
    </message>
    <message>
        <source>Retrying in %1</source>
        <translation>Retrying in %1</translation>
    </message>
    <message>
        <source>Reconnecting (try %1)</source>
        <translation>Reconnecting (try %1)</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Waiting</translation>
    </message>
    <message>
        <source>Hashing %1%</source>
        <translation>Hashing %1%</translation>
    </message>
    <message>
        <source>Uploading</source>
        <translation>Uploading</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Paused</translation>
    </message>
    <message>
        <source>Done (instant)</source>
        <translation>Done (instant)</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Done</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>%1 uploaded</source>
        <translation>%1 uploaded</translation>
    </message>
    <message>
        <source>Buttons: pause, cancel</source>
        <translation>Buttons: pause, cancel</translation>
    </message>
    <message>
        <source>Buttons: resume, cancel</source>
        <translation>Buttons: resume, cancel</translation>
    </message>
    <message>
        <source>Buttons: retry, cancel</source>
        <translation>Buttons: retry, cancel</translation>
    </message>
    <message>
        <source>No buttons</source>
        <translation>No buttons</translation>
    </message>
    <message>
        <source>%1 of %2 chunks of %3 done</source>
        <translation>%1 of %2 chunks of %3 done</translation>
    </message>
    <message>
        <source>, %1 in flight</source>
        <translation>, %1 in flight</translation>
    </message>
    <message>
        <source>, %1 failed</source>
        <translation>, %1 failed</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Failed: %1</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>Added</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Finished</translation>
    </message>
    <message>
        <source>Added %1</source>
        <translation>Added %1</translation>
    </message>
    <message>
        <source>Failed %1</source>
        <translation>Failed %1</translation>
    </message>
    <message>
        <source>Finished %1</source>
        <translation>Finished %1</translation>
    </message>
    <message>
        <source>Done (instant) · verified</source>
        <translation>Done (instant) · verified</translation>
    </message>
    <message>
        <source>Done · verified</source>
        <translation>Done · verified</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
</context>
<context>
    <name>WatchService</name>
    <message numerus="yes">
        <source>Watching %n folder(s)</source>
        <translation>
            <numerusform>Watching %n folder</numerusform>
            <numerusform>Watching %n folders</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n scanned every %1 s (too many folders for inotify)</source>
        <translation>
            <numerusform>%n scanned every %1 s (too many folders for inotify)</numerusform>
            <numerusform>%n scanned every %1 s (too many folders for inotify)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n missing</source>
        <translation>
            <numerusform>%n missing</numerusform>
            <numerusform>%n missing</numerusform>
        </translation>
    </message>
    <message>
        <source>paused</source>
        <translation>paused</translation>
    </message>
</context>
<context>
    <name>WatchStatusButton</name>
    <message>
        <source>Watch folders…</source>
        <translation>Watch folders…</translation>
    </message>
    <message>
        <source>Watched folders (Ctrl+Shift+W)</source>
        <translation>Watched folders (Ctrl+Shift+W)</translation>
    </message>
    <message>
        <source>%1: too many subfolders for inotify&apos;s watches (fs.inotify.max_user_watches); scanned every %2 s instead</source>
        <translation>%1: too many subfolders for inotify&apos;s watches (fs.inotify.max_user_watches); scanned every %2 s instead</translation>
    </message>
    <message>
        <source>%1: not there (looked for again)</source>
        <translation>%1: not there (looked for again)</translation>
    </message>
</context>
<context>
    <name>WatchedFolderEditor</name>
    <message>
        <source>Include &amp;subfolders</source>
        <translation>Include &amp;subfolders</translation>
    </message>
    <message>
        <source>Watch a folder</source>
        <translation>Watch a folder</translation>
    </message>
    <message>
        <source>Watched folder</source>
        <translation>Watched folder</translation>
    </message>
    <message>
        <source>The folder to upload from</source>
        <translation>The folder to upload from</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>This computer</translation>
    </message>
    <message>
        <source>A tus server (https://host/files/) or an S3 bucket (s3://bucket/prefix?endpoint=…); empty: Hoist&apos;s own server</source>
        <translation>A tus server (https://host/files/) or an S3 bucket (s3://bucket/prefix?endpoint=…); empty: Hoist&apos;s own server</translation>
    </message>
    <message>
        <source>none: files keep only their path inside the folder</source>
        <translation>none: files keep only their path inside the folder</translation>
    </message>
    <message>
        <source>Put before each file&apos;s path inside the folder on the server</source>
        <translation>Put before each file&apos;s path inside the folder on the server</translation>
    </message>
    <message>
        <source>Only files matching one of these (none: every file)</source>
        <translation>Only files matching one of these (none: every file)</translation>
    </message>
    <message>
        <source>Left out, on top of the patterns in Settings</source>
        <translation>Left out, on top of the patterns in Settings</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Browse…</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>&amp;Folder:</translation>
    </message>
    <message>
        <source>&amp;Upload to:</source>
        <translation>&amp;Upload to:</translation>
    </message>
    <message>
        <source>Remote &amp;prefix:</source>
        <translation>Remote &amp;prefix:</translation>
    </message>
    <message>
        <source>&amp;Only files like:</source>
        <translation>&amp;Only files like:</translation>
    </message>
    <message>
        <source>&amp;Leave out:</source>
        <translation>&amp;Leave out:</translation>
    </message>
    <message>
        <source>Choose a folder to watch.</source>
        <translation>Choose a folder to watch.</translation>
    </message>
    <message>
        <source>Folder to watch</source>
        <translation>Folder to watch</translation>
    </message>
</context>
<context>
    <name>WatchedFoldersDialog</name>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Add…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Edit…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Remove</translation>
    </message>
    <message>
        <source>Watched folders</source>
        <translation>Watched folders</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Folder</translation>
    </message>
    <message>
        <source>Upload to</source>
        <translation>Upload to</translation>
    </message>
    <message>
        <source>Prefix</source>
        <translation>Prefix</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Files</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>New and changed files in these folders are uploaded once they have not changed for a few seconds, while Hoist runs (in the window or the tray). A file already uploaded unchanged is never sent again.</source>
        <translation>New and changed files in these folders are uploaded once they have not changed for a few seconds, while Hoist runs (in the window or the tray). A file already uploaded unchanged is never sent again.</translation>
    </message>
    <message>
        <source>Looking for changes…</source>
        <translation>Looking for changes…</translation>
    </message>
    <message>
        <source>Watching</source>
        <translation>Watching</translation>
    </message>
    <message>
        <source>Scanning every %1 s (inotify limit)</source>
        <translation>Scanning every %1 s (inotify limit)</translation>
    </message>
    <message>
        <source>Not there</source>
        <translation>Not there</translation>
    </message>
    <message>
        <source>Scanning (no inotify)</source>
        <translation>Scanning (no inotify)</translation>
    </message>
    <message>
        <source>with subfolders</source>
        <translation>with subfolders</translation>
    </message>
    <message>
        <source>this folder only</source>
        <translation>this folder only</translation>
    </message>
    <message>
        <source>only %1</source>
        <translation>only %1</translation>
    </message>
    <message>
        <source>not %1</source>
        <translation>not %1</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>This computer</translation>
    </message>
    <message>
        <source>%1; this run only (--watch)</source>
        <translation>%1; this run only (--watch)</translation>
    </message>
    <message>
        <source>&amp;Pause watching: upload nothing new until this is unticked</source>
        <translation>&amp;Pause watching: upload nothing new until this is unticked</translation>
    </message>
</context>
<context>
    <name>WebDavChunkedTransfer</name>
    <message>
        <source>making the upload folder</source>
        <translation>making the upload folder</translation>
    </message>
    <message>
        <source>listing the chunks on the server</source>
        <translation>listing the chunks on the server</translation>
    </message>
    <message>
        <source>sending chunk %1 of %2</source>
        <translation>sending chunk %1 of %2</translation>
    </message>
    <message>
        <source>joining the chunks on the server</source>
        <translation>joining the chunks on the server</translation>
    </message>
    <message>
        <source>checking the joined file</source>
        <translation>checking the joined file</translation>
    </message>
    <message>
        <source>The server holds %1 bytes; the file has %2.</source>
        <translation>The server holds %1 bytes; the file has %2.</translation>
    </message>
    <message>
        <source>The server joined %1 chunks into %2 bytes, as the file has; it offers no checksum to compare</source>
        <translation>The server joined %1 chunks into %2 bytes, as the file has; it offers no checksum to compare</translation>
    </message>
</context>
<context>
    <name>WebDavFolders</name>
    <message>
        <source>making the folder %1</source>
        <translation>making the folder %1</translation>
    </message>
</context>
<context>
    <name>WebDavListings</name>
    <message>
        <source>listing the folder %1</source>
        <translation>listing the folder %1</translation>
    </message>
</context>
<context>
    <name>WebDavProtocol</name>
    <message>
        <source>deleting the unfinished upload</source>
        <translation>deleting the unfinished upload</translation>
    </message>
    <message>
        <source>checking the server</source>
        <translation>checking the server</translation>
    </message>
</context>
<context>
    <name>WebDavPutTransfer</name>
    <message>
        <source>looking for %1 on the server</source>
        <translation>looking for %1 on the server</translation>
    </message>
    <message>
        <source>The server has a folder where &apos;%1&apos; should go</source>
        <translation>The server has a folder where &apos;%1&apos; should go</translation>
    </message>
    <message>
        <source>Skipped: the server has &apos;%1&apos; already (%2 bytes); left as it was</source>
        <translation>Skipped: the server has &apos;%1&apos; already (%2 bytes); left as it was</translation>
    </message>
    <message>
        <source>sending %1</source>
        <translation>sending %1</translation>
    </message>
    <message>
        <source>The file changed while uploading: &apos;%1&apos; got shorter.</source>
        <translation>The file changed while uploading: &apos;%1&apos; got shorter.</translation>
    </message>
    <message>
        <source>checking %1 on the server</source>
        <translation>checking %1 on the server</translation>
    </message>
    <message>
        <source>The server holds %1 bytes; the file has %2.</source>
        <translation>The server holds %1 bytes; the file has %2.</translation>
    </message>
    <message>
        <source>The server&apos;s SHA-256 is %1; the bytes sent had %2.</source>
        <translation>The server&apos;s SHA-256 is %1; the bytes sent had %2.</translation>
    </message>
    <message>
        <source>The server&apos;s SHA-256 matches the file</source>
        <translation>The server&apos;s SHA-256 matches the file</translation>
    </message>
    <message>
        <source>The WebDAV server did not say the size it holds, nor a checksum</source>
        <translation>The WebDAV server did not say the size it holds, nor a checksum</translation>
    </message>
    <message>
        <source>The server holds %1 bytes, as the file has; it offers no checksum to compare (ETag %2)</source>
        <translation>The server holds %1 bytes, as the file has; it offers no checksum to compare (ETag %2)</translation>
    </message>
</context>
<context>
    <name>WebDavTarget</name>
    <message>
        <source>A WebDAV address starts with dav:// or davs://</source>
        <translation>A WebDAV address starts with dav:// or davs://</translation>
    </message>
    <message>
        <source>The WebDAV address has no server name</source>
        <translation>The WebDAV address has no server name</translation>
    </message>
    <message>
        <source>Do not write the password into the WebDAV address: set it as the server&apos;s token (kept in the keyring), or in HOIST_DAV_PASSWORD</source>
        <translation>Do not write the password into the WebDAV address: set it as the server&apos;s token (kept in the keyring), or in HOIST_DAV_PASSWORD</translation>
    </message>
    <message>
        <source>A WebDAV address has no ?query or #fragment</source>
        <translation>A WebDAV address has no ?query or #fragment</translation>
    </message>
</context>
<context>
    <name>WebDavTargetDialog</name>
    <message>
        <source>WebDAV folder</source>
        <translation>WebDAV folder</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Address</translation>
    </message>
    <message>
        <source>https://cloud.example.com/remote.php/dav/files/USER/</source>
        <translation>https://cloud.example.com/remote.php/dav/files/USER/</translation>
    </message>
    <message>
        <source>The folder&apos;s address: https:// or http:// (davs:// and dav:// too). Missing folders below it are created.</source>
        <translation>The folder&apos;s address: https:// or http:// (davs:// and dav:// too). Missing folders below it are created.</translation>
    </message>
    <message>
        <source>User</source>
        <translation>User</translation>
    </message>
    <message>
        <source>empty: a bearer token, or no sign-in</source>
        <translation>empty: a bearer token, or no sign-in</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Password</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Password:</translation>
    </message>
    <message>
        <source>&amp;Remember it on this computer</source>
        <translation>&amp;Remember it on this computer</translation>
    </message>
    <message>
        <source>Kept in the system keyring, never in a plain file</source>
        <translation>Kept in the system keyring, never in a plain file</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>&amp;Address:</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;User:</translation>
    </message>
    <message>
        <source>Files go into the folder by the path the table shows: a dropped folder keeps its structure. Plain WebDAV cannot resume: an interrupted file is sent again.</source>
        <translation>Files go into the folder by the path the table shows: a dropped folder keeps its structure. Plain WebDAV cannot resume: an interrupted file is sent again.</translation>
    </message>
    <message>
        <source>Enter the WebDAV folder&apos;s address.</source>
        <translation>Enter the WebDAV folder&apos;s address.</translation>
    </message>
    <message>
        <source>Not a valid address: %1</source>
        <translation>Not a valid address: %1</translation>
    </message>
    <message>
        <source>The address must start with https:// or http://.</source>
        <translation>The address must start with https:// or http://.</translation>
    </message>
    <message>
        <source>Type the password in its own field, not in the address.</source>
        <translation>Type the password in its own field, not in the address.</translation>
    </message>
    <message>
        <source>A user name holds no “:”.</source>
        <translation>A user name holds no “:”.</translation>
    </message>
    <message>
        <source>The password holds a blank, which Hoist cannot keep: it keeps passwords of visible ASCII characters only (letters, digits, punctuation). Choose another one, or an app password the server makes.</source>
        <translation>The password holds a blank, which Hoist cannot keep: it keeps passwords of visible ASCII characters only (letters, digits, punctuation). Choose another one, or an app password the server makes.</translation>
    </message>
    <message>
        <source>The password holds a character outside visible ASCII (an accent, a symbol, a tab), which Hoist cannot keep: it keeps letters, digits and punctuation only. Choose another one, or an app password the server makes.</source>
        <translation>The password holds a character outside visible ASCII (an accent, a symbol, a tab), which Hoist cannot keep: it keeps letters, digits and punctuation only. Choose another one, or an app password the server makes.</translation>
    </message>
    <message>
        <source>A password of just that word cannot be kept: Hoist reads it as a token&apos;s prefix.</source>
        <translation>A password of just that word cannot be kept: Hoist reads it as a token&apos;s prefix.</translation>
    </message>
    <message>
        <source>Nextcloud or ownCloud: its newer address, …/remote.php/dav/files/USER/, lets large files go in chunks that resume after an interruption.</source>
        <translation>Nextcloud or ownCloud: its newer address, …/remote.php/dav/files/USER/, lets large files go in chunks that resume after an interruption.</translation>
    </message>
    <message>
        <source>Nextcloud or ownCloud: files over 10 MiB go in chunks that resume after an interruption. With two-factor sign-in, use an app password (Settings → Security).</source>
        <translation>Nextcloud or ownCloud: files over 10 MiB go in chunks that resume after an interruption. With two-factor sign-in, use an app password (Settings → Security).</translation>
    </message>
    <message>
        <source>The address is %1&apos;s files, but %2 signs in.</source>
        <translation>The address is %1&apos;s files, but %2 signs in.</translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation>&amp;Token:</translation>
    </message>
    <message>
        <source>Bearer token</source>
        <translation>Bearer token</translation>
    </message>
    <message>
        <source>Set; type a new one to replace it</source>
        <translation>Set; type a new one to replace it</translation>
    </message>
    <message>
        <source>%1&apos;s password</source>
        <translation>%1&apos;s password</translation>
    </message>
    <message>
        <source>optional: sent as “Authorization: Bearer”</source>
        <translation>optional: sent as “Authorization: Bearer”</translation>
    </message>
    <message>
        <source>Enter %1&apos;s password.</source>
        <translation>Enter %1&apos;s password.</translation>
    </message>
    <message>
        <source>A token holds visible ASCII characters only (no blanks, no line breaks).</source>
        <translation>A token holds visible ASCII characters only (no blanks, no line breaks).</translation>
    </message>
    <message>
        <source>Uploads go to %1</source>
        <translation>Uploads go to %1</translation>
    </message>
    <message>
        <source>Can&apos;t remember the password: no keyring. Hoist keeps it until it quits.</source>
        <translation>Can&apos;t remember the password: no keyring. Hoist keeps it until it quits.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message numerus="yes">
        <source>hoist: handed %n path(s) to the Hoist window already open
</source>
        <translation>
            <numerusform>hoist: handed %n path to the Hoist window already open
</numerusform>
            <numerusform>hoist: handed %n paths to the Hoist window already open
</numerusform>
        </translation>
    </message>
    <message>
        <source>hoist: there is no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set).
To upload from a terminal: hoist --headless -e URL PATH... (see hoist --help)
</source>
        <translation>hoist: there is no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set).
To upload from a terminal: hoist --headless -e URL PATH... (see hoist --help)
</translation>
    </message>
    <message>
        <source>full speed</source>
        <translation>full speed</translation>
    </message>
</context>
</TS>
