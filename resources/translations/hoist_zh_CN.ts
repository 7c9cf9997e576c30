<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AwsCredentialsFile</name>
    <message>
        <source>it has no profile [%1]</source>
        <translation>其中没有配置文件 [%1]</translation>
    </message>
    <message>
        <source>its profile [%1] has no aws_access_key_id</source>
        <translation>其中的配置文件 [%1] 没有 aws_access_key_id</translation>
    </message>
    <message>
        <source>its profile [%1] has no aws_secret_access_key</source>
        <translation>其中的配置文件 [%1] 没有 aws_secret_access_key</translation>
    </message>
    <message>
        <source>it is too large to be a credentials file</source>
        <translation>文件过大，不可能是凭据文件</translation>
    </message>
</context>
<context>
    <name>BatchActionRunner</name>
    <message>
        <source>Uploads finished</source>
        <translation>上传已完成</translation>
    </message>
    <message>
        <source>Uploads failed</source>
        <translation>上传失败</translation>
    </message>
    <message>
        <source>No command to run</source>
        <translation>没有要运行的命令</translation>
    </message>
    <message>
        <source>The uploads have ended, but no command is set (Settings, “When a batch finishes”).</source>
        <translation>上传已结束，但未设置命令（设置，“一批上传完成时”）。</translation>
    </message>
    <message>
        <source>The command after the uploads failed</source>
        <translation>上传后运行的命令失败</translation>
    </message>
    <message>
        <source>The computer could not be suspended</source>
        <translation>无法挂起计算机</translation>
    </message>
    <message>
        <source>The computer could not be shut down</source>
        <translation>无法关闭计算机</translation>
    </message>
</context>
<context>
    <name>BatchCommand</name>
    <message>
        <source>The list of files for the command could not be written to %1.</source>
        <translation>无法将供命令使用的文件列表写入 %1。</translation>
    </message>
    <message>
        <source>The command after the uploads was stopped by a signal.</source>
        <translation>上传后运行的命令被信号终止。</translation>
    </message>
    <message>
        <source>The command after the uploads ended with exit status %1.</source>
        <translation>上传后运行的命令以退出状态 %1 结束。</translation>
    </message>
    <message>
        <source>It said: %1</source>
        <translation>其输出：%1</translation>
    </message>
    <message>
        <source>The command after the uploads could not start: %1</source>
        <translation>上传后运行的命令无法启动：%1</translation>
    </message>
</context>
<context>
    <name>BatchWatcher</name>
    <message>
        <source>1 upload finished</source>
        <translation>1 个上传已完成</translation>
    </message>
    <message>
        <source>%1 uploads finished</source>
        <translation>%1 个上传已完成</translation>
    </message>
    <message>
        <source>1 upload failed</source>
        <translation>1 个上传失败</translation>
    </message>
    <message>
        <source>%1 uploads failed</source>
        <translation>%1 个上传失败</translation>
    </message>
    <message>
        <source>%1 finished, %2 failed</source>
        <translation>%1 个已完成，%2 个失败</translation>
    </message>
</context>
<context>
    <name>CancelQuestion</name>
    <message>
        <source>Cancel this upload?</source>
        <translation>取消此上传？</translation>
    </message>
    <message numerus="yes">
        <source>Cancel %n uploads?</source>
        <translation>
            <numerusform>取消 %n 个上传？</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing of it has been sent yet.</source>
        <translation>此上传尚未发送任何内容。</translation>
    </message>
    <message>
        <source>What it already sent is deleted from the server, where the server allows it.</source>
        <translation>它已发送的内容会在服务器允许时从服务器上删除。</translation>
    </message>
    <message>
        <source>None of them has sent anything yet.</source>
        <translation>这些上传都尚未发送任何内容。</translation>
    </message>
    <message>
        <source>What they already sent is deleted from the server, where the server allows it.</source>
        <translation>它们已发送的内容会在服务器允许时从服务器上删除。</translation>
    </message>
    <message numerus="yes">
        <source>%n of them had already sent part of their file: that part is deleted from the server, where the server allows it.</source>
        <translation>
            <numerusform>其中 %n 个已发送了部分文件：这部分内容会在服务器允许时从服务器上删除。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel uploads</source>
        <translation>取消上传</translation>
    </message>
</context>
<context>
    <name>CertificateActions</name>
    <message>
        <source>Trust this certificate?</source>
        <translation>信任此证书？</translation>
    </message>
    <message>
        <source>%1.

Trust this certificate for %2 only, from now on? Its SHA-256 fingerprint is:

%3</source>
        <translation>%1。

从现在起信任此证书（仅限 %2）吗？其 SHA-256 指纹为：

%3</translation>
    </message>
    <message>
        <source>View certificate of %1…</source>
        <translation>查看 %1 的证书…</translation>
    </message>
    <message>
        <source>View certificate…</source>
        <translation>查看证书…</translation>
    </message>
    <message>
        <source>Trust this certificate for %1…</source>
        <translation>为 %1 信任此证书…</translation>
    </message>
</context>
<context>
    <name>CertificateDialog</name>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Certificate of %1</source>
        <translation>%1 的证书</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>服务器：</translation>
    </message>
    <message>
        <source>Issued to:</source>
        <translation>颁发给：</translation>
    </message>
    <message>
        <source>Issued by:</source>
        <translation>颁发者：</translation>
    </message>
    <message>
        <source>Names:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Valid from:</source>
        <translation>有效期自：</translation>
    </message>
    <message>
        <source>Valid until:</source>
        <translation>有效期至：</translation>
    </message>
    <message>
        <source>SHA-256 fingerprint:</source>
        <translation>SHA-256 指纹：</translation>
    </message>
    <message>
        <source>Trust it only if the server&apos;s owner confirms this fingerprint. It will be trusted for %1 alone, and only while it stays this certificate with these problems.</source>
        <translation>只有在服务器的所有者确认此指纹时才信任它。信任仅适用于 %1，且仅在证书不变、问题也不变时有效。</translation>
    </message>
    <message>
        <source>Trust this certificate for %1</source>
        <translation>为 %1 信任此证书</translation>
    </message>
</context>
<context>
    <name>CertificateTrust</name>
    <message>
        <source>The certificate of %1 was revoked by its issuer</source>
        <translation>%1 的证书已被其颁发者吊销</translation>
    </message>
    <message>
        <source>The certificate of %1 is on the list of certificates never to trust</source>
        <translation>%1 的证书在禁止信任的证书名单上</translation>
    </message>
    <message>
        <source>The certificate of %1 is self-signed</source>
        <translation>%1 的证书是自签名证书</translation>
    </message>
    <message>
        <source>The certificate of %1 is issued by an authority this computer does not trust</source>
        <translation>%1 的证书由本机不信任的机构颁发</translation>
    </message>
    <message>
        <source>The certificate of %1 expired on %2</source>
        <translation>%1 的证书已于 %2 过期</translation>
    </message>
    <message>
        <source>The certificate of %1 is not valid before %2</source>
        <translation>%1 的证书在 %2 之前无效</translation>
    </message>
    <message>
        <source>The certificate of %1 is for another name (%2)</source>
        <translation>%1 的证书属于其他名称（%2）</translation>
    </message>
    <message>
        <source>The certificate of %1 was refused: %2</source>
        <translation>%1 的证书被拒绝：%2</translation>
    </message>
    <message>
        <source>it is for %1</source>
        <translation>它属于 %1</translation>
    </message>
    <message>
        <source>it expired on %1</source>
        <translation>它已于 %1 过期</translation>
    </message>
    <message>
        <source>%1; also, %2</source>
        <translation>%1；此外，%2</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
</context>
<context>
    <name>ChunkBarPainter</name>
    <message>
        <source>Sent</source>
        <translation>已发送</translation>
    </message>
    <message>
        <source>On its way</source>
        <translation>发送中</translation>
    </message>
    <message>
        <source>Failed, sent again</source>
        <translation>失败后重发</translation>
    </message>
    <message>
        <source>Not sent yet</source>
        <translation>尚未发送</translation>
    </message>
</context>
<context>
    <name>ChunkMapView</name>
    <message>
        <source>Chunk map</source>
        <translation>分块图</translation>
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
        <translation>还有一个上传正在进行或等待中。</translation>
    </message>
    <message>
        <source>%1 uploads are still running or waiting.</source>
        <translation>还有 %1 个上传正在进行或等待中。</translation>
    </message>
    <message>
        <source>Hoist can keep uploading in the tray, or quit and go on from where the server has them when it starts again.</source>
        <translation>Hoist 可以在托盘中继续上传；也可以现在退出，下次启动时从服务器已收到的位置继续。</translation>
    </message>
    <message>
        <source>Quit now and Hoist goes on from where the server has them when it starts again.</source>
        <translation>现在退出，Hoist 下次启动时会从服务器已收到的位置继续。</translation>
    </message>
    <message>
        <source>&amp;Keep uploading in the tray</source>
        <translation>在托盘中继续上传(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Quit; resume next time</source>
        <translation>退出，下次继续(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Don&apos;t ask again (Settings can change it)</source>
        <translation>不再询问（可在设置中更改）(&amp;D)</translation>
    </message>
</context>
<context>
    <name>ColumnChooser</name>
    <message>
        <source>%1 (no room: widen the window)</source>
        <translation>%1（没有空间：请加宽窗口）</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>%1: %2
Try &apos;%1 --help&apos; for more information.
</source>
        <translation>%1：%2
运行“%1 --help”了解更多信息。
</translation>
    </message>
    <message>
        <source>--header needs the form &quot;Name: value&quot; (no colon found)</source>
        <translation>--header 的格式应为“Name: value”（未找到冒号）</translation>
    </message>
    <message>
        <source>--header needs the form &quot;Name: value&quot; (the name is empty)</source>
        <translation>--header 的格式应为“Name: value”（名称为空）</translation>
    </message>
    <message>
        <source>--header name is not a valid HTTP header name</source>
        <translation>--header 的名称不是有效的 HTTP 标头名</translation>
    </message>
    <message>
        <source>--header %1: the value contains a line break</source>
        <translation>--header %1：值中含有换行符</translation>
    </message>
    <message>
        <source>--header %1: Hoist sets this header itself</source>
        <translation>--header %1：此标头由 Hoist 自行设置</translation>
    </message>
    <message>
        <source>--endpoint has no host</source>
        <translation>--endpoint 中没有主机名</translation>
    </message>
    <message>
        <source>Upload without a window; one result line per file on stdout.</source>
        <translation>不打开窗口上传；每个文件在标准输出上输出一行结果。</translation>
    </message>
    <message>
        <source>Requests at once to one server, %1-%2 (default: as many as --concurrency).</source>
        <translation>对同一服务器的同时请求数，%1-%2（默认：与 --concurrency 相同）。</translation>
    </message>
    <message>
        <source>Bytes per request: 8M, 512K, 1048576... at least 1K (default: chunks of 8M, several per request up to 64M while the link is fast).</source>
        <translation>每个请求的字节数：8M、512K、1048576……至少 1K（默认：8M 一个分块，链路较快时一个请求可含多个分块，最多 64M）。</translation>
    </message>
    <message>
        <source>Upload at most this many bytes per second in all: 500K, 10M, 1.5M/s... (binary units; default: no limit).</source>
        <translation>全部上传合计每秒最多发送的字节数：500K、10M、1.5M/s……（二进制单位；默认：不限速）。</translation>
    </message>
    <message>
        <source>Extra HTTP header for every request, e.g. &quot;Authorization: Bearer ...&quot;. Repeatable.</source>
        <translation>为每个请求附加的 HTTP 标头，例如“Authorization: Bearer ...”。可重复使用。</translation>
    </message>
    <message>
        <source>Where the upload queue is kept (default: the window&apos;s data folder; a headless run keeps none unless given one).</source>
        <translation>上传队列的保存位置（默认：窗口的数据文件夹；无窗口运行时除非指定，否则不保存）。</translation>
    </message>
    <message>
        <source>Send each file as one stream, never as parallel parts (which servers offering tus concatenation get by default for large files).</source>
        <translation>每个文件都以单个数据流发送，绝不拆成并行部分（对支持 tus 合并扩展的服务器，大文件默认会拆分）。</translation>
    </message>
    <message>
        <source>Files and folders to upload.</source>
        <translation>要上传的文件和文件夹。</translation>
    </message>
    <message>
        <source>--state-dir needs a folder</source>
        <translation>--state-dir 需要指定一个文件夹</translation>
    </message>
    <message>
        <source>--per-server must be a whole number from %1 to %2</source>
        <translation>--per-server 必须是 %1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>--limit-rate must be a rate such as 500K, 10M or 1048576 (bytes per second), at least 1K</source>
        <translation>--limit-rate 必须是 500K、10M 或 1048576 这样的速率（字节/秒），至少 1K</translation>
    </message>
    <message>
        <source>--chunk-size must be a size such as 8M, 512K or 1048576</source>
        <translation>--chunk-size 必须是 8M、512K 或 1048576 这样的大小</translation>
    </message>
    <message>
        <source>--chunk-size must be at least 1K</source>
        <translation>--chunk-size 至少为 1K</translation>
    </message>
    <message>
        <source>--headless needs at least one file or folder (or --state-dir to resume a queue)</source>
        <translation>--headless 至少需要一个文件或文件夹（或用 --state-dir 继续一个队列）</translation>
    </message>
    <message>
        <source>--headless needs --endpoint URL</source>
        <translation>--headless 需要 --endpoint URL</translation>
    </message>
    <message>
        <source>--endpoint %1 is not a valid s3://BUCKET/PREFIX address: %2</source>
        <translation>--endpoint %1 不是有效的 s3://BUCKET/PREFIX 地址：%2</translation>
    </message>
    <message>
        <source>Hoist uploads files and folders to a tus server or an S3 bucket, several at once, resuming where a connection broke. Without --headless it opens a window with the paths queued.
S3 keys come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or from --s3-credentials.</source>
        <translation>Hoist 将文件和文件夹上传到 tus 服务器或 S3 存储桶，可同时上传多个，连接中断后从断点继续。不带 --headless 时会打开窗口，并将这些路径加入队列。
S3 密钥取自 AWS_ACCESS_KEY_ID 和 AWS_SECRET_ACCESS_KEY，或取自 --s3-credentials。</translation>
    </message>
    <message>
        <source>The S3 service an s3:// endpoint is on, e.g. http://127.0.0.1:8000 (default: AWS, https://s3.REGION.amazonaws.com).</source>
        <translation>s3:// 端点所在的 S3 服务，例如 http://127.0.0.1:8000（默认：AWS，https://s3.REGION.amazonaws.com）。</translation>
    </message>
    <message>
        <source>The S3 region requests are signed for (default us-east-1).</source>
        <translation>请求签名所用的 S3 区域（默认 us-east-1）。</translation>
    </message>
    <message>
        <source>Bucket addressing: path (SERVICE/BUCKET/KEY, the default with --s3-endpoint) or virtual (BUCKET.SERVICE/KEY, AWS&apos;s default).</source>
        <translation>存储桶寻址方式：path（SERVICE/BUCKET/KEY，使用 --s3-endpoint 时的默认值）或 virtual（BUCKET.SERVICE/KEY，AWS 的默认值）。</translation>
    </message>
    <message>
        <source>An AWS shared credentials file (the format of ~/.aws/credentials) to read the S3 keys from: profile AWS_PROFILE, else default.</source>
        <translation>从中读取 S3 密钥的 AWS 共享凭据文件（~/.aws/credentials 的格式）：使用配置文件 AWS_PROFILE，未设置时使用 default。</translation>
    </message>
    <message>
        <source>--%1 is for an s3:// --endpoint</source>
        <translation>--%1 仅用于 s3:// 形式的 --endpoint</translation>
    </message>
    <message>
        <source>an s3:// endpoint needs keys: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or give --s3-credentials FILE</source>
        <translation>s3:// 端点需要密钥：请设置 AWS_ACCESS_KEY_ID 和 AWS_SECRET_ACCESS_KEY，或指定 --s3-credentials FILE</translation>
    </message>
    <message>
        <source>--schedule %1: %2</source>
        <translation>--schedule %1：%2</translation>
    </message>
    <message>
        <source>Full speed, a limit or a pause by the hour of the week, one rule a line: &quot;Mon-Fri 09-17 limit 2M&quot;, &quot;Sat,Sun paused&quot;, &quot;* 23-07 full&quot; (later lines win; # comments).</source>
        <translation>按一周中的小时设定全速、限速或暂停，每行一条规则：“Mon-Fri 09-17 limit 2M”、“Sat,Sun paused”、“* 23-07 full”（后面的行优先；# 开头为注释）。</translation>
    </message>
    <message>
        <source>On a metered connection: pause (the default), limit:RATE (e.g. limit:512K) or ignore.</source>
        <translation>在按流量计费的连接上：pause（暂停，默认）、limit:RATE（限速，例如 limit:512K）或 ignore（忽略）。</translation>
    </message>
    <message>
        <source>Leave out of folders what matches this pattern: *.tmp, ~$*, .git/ (a trailing slash: folders only). Repeatable; added to the defaults (%1).</source>
        <translation>从文件夹中排除匹配此模式的内容：*.tmp、~$*、.git/（以斜杠结尾：只匹配文件夹）。可重复使用；在默认模式（%1）之外追加。</translation>
    </message>
    <message>
        <source>With --headless, leave out only what --exclude says (the window&apos;s list is in its Settings).</source>
        <translation>使用 --headless 时，只排除 --exclude 指定的内容（窗口模式的排除列表在其设置中）。</translation>
    </message>
    <message>
        <source>Keep uploading what appears or changes in this folder, once it settled, until stopped (SIGTERM). Repeatable. With --headless, a queue and the list of what was uploaded are kept in --state-dir (default: the data folder&apos;s watch/).</source>
        <translation>持续上传此文件夹中新出现或有改动的文件（待其不再变化后），直到被停止（SIGTERM）。可重复使用。使用 --headless 时，队列和已上传内容的列表保存在 --state-dir 中（默认：数据文件夹下的 watch/）。</translation>
    </message>
    <message>
        <source>Seconds a watched file must stay unchanged before it is sent (default 3).</source>
        <translation>被监视的文件须保持不变多少秒后才发送（默认 3）。</translation>
    </message>
    <message>
        <source>Seconds between scans of a watched folder too large for inotify&apos;s watches (default 60).</source>
        <translation>被监视的文件夹过大、超出 inotify 监视数量时，两次扫描之间的秒数（默认 60）。</translation>
    </message>
    <message>
        <source>--on-metered must be pause, ignore or limit:RATE (a rate such as 512K, at least 1K)</source>
        <translation>--on-metered 必须是 pause、ignore 或 limit:RATE（RATE 为 512K 这样的速率，至少 1K）</translation>
    </message>
    <message>
        <source>--give-up-after must be a duration such as 30s, 10m, 24h or 7d, or never</source>
        <translation>--give-up-after 必须是 30s、10m、24h 或 7d 这样的时长，或 never</translation>
    </message>
    <message>
        <source>--exclude: %1</source>
        <translation>--exclude：%1</translation>
    </message>
    <message>
        <source>--watch needs a folder</source>
        <translation>--watch 需要指定一个文件夹</translation>
    </message>
    <message>
        <source>--watch %1 is not a folder</source>
        <translation>--watch %1 不是文件夹</translation>
    </message>
    <message>
        <source>%1 does not exist (yet): it is watched for</source>
        <translation>%1（尚）不存在：将等待它出现</translation>
    </message>
    <message>
        <source>--settle must be a number of seconds, e.g. 3 or 0.5</source>
        <translation>--settle 必须是秒数，例如 3 或 0.5</translation>
    </message>
    <message>
        <source>--rescan must be a number of seconds, e.g. 60</source>
        <translation>--rescan 必须是秒数，例如 60</translation>
    </message>
    <message>
        <source>--watch needs --endpoint URL with --headless</source>
        <translation>使用 --headless 时，--watch 需要 --endpoint URL</translation>
    </message>
    <message>
        <source>With --headless, what to do after the last file: nothing (the default), command (see --when-done-run), suspend or shutdown (through logind, after a 60-second countdown on stderr that Ctrl+C or SIGTERM cancels).</source>
        <translation>使用 --headless 时，最后一个文件完成后做什么：nothing（不做任何事，默认）、command（见 --when-done-run）、suspend（挂起）或 shutdown（关机）（通过 logind，先在标准错误输出上倒计时 60 秒，可用 Ctrl+C 或 SIGTERM 取消）。</translation>
    </message>
    <message>
        <source>With --headless, run this /bin/sh command after the last file; HOIST_FINISHED_LIST and HOIST_FAILED_LIST name files listing the paths, HOIST_FINISHED_COUNT and HOIST_FAILED_COUNT count them. Implies --when-done command.</source>
        <translation>使用 --headless 时，在最后一个文件完成后用 /bin/sh 运行此命令；HOIST_FINISHED_LIST 和 HOIST_FAILED_LIST 指向列出各路径的文件，HOIST_FINISHED_COUNT 和 HOIST_FAILED_COUNT 给出其数量。隐含 --when-done command。</translation>
    </message>
    <message>
        <source>--when-done and --when-done-run are for --headless runs (the window has them in its settings)</source>
        <translation>--when-done 和 --when-done-run 仅用于 --headless 运行（窗口模式在其设置中提供这些选项）</translation>
    </message>
    <message>
        <source>--when-done must be nothing, command, suspend or shutdown</source>
        <translation>--when-done 必须是 nothing、command、suspend 或 shutdown</translation>
    </message>
    <message>
        <source>--when-done command needs --when-done-run COMMAND</source>
        <translation>--when-done command 需要 --when-done-run COMMAND</translation>
    </message>
    <message>
        <source>--when-done-run goes with --when-done command (or alone)</source>
        <translation>--when-done-run 须与 --when-done command 一起使用（或单独使用）</translation>
    </message>
    <message>
        <source>--when-done acts once the files given beside --watch have ended; a watched folder&apos;s own uploads never set it off</source>
        <translation>--when-done 在与 --watch 一同给出的文件全部结束后执行；被监视文件夹自身的上传永远不会触发它</translation>
    </message>
    <message>
        <source>Requests at once: auto (the default: each server&apos;s find their own level) or a fixed number, %1-%2.</source>
        <translation>同时进行的请求数：auto（默认：每个服务器自行找到合适的数量）或固定数字 %1-%2。</translation>
    </message>
    <message>
        <source>--concurrency must be auto or a whole number from %1 to %2</source>
        <translation>--concurrency 必须是 auto 或 %1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>Give an upload up after this long without progress while its server does not answer or keeps failing: 30s, 10m, 24h (the default), 7d, or never. A server that says it will come back (507: its disk is full; 429; Retry-After) is waited for however long it takes.</source>
        <translation>服务器无响应或持续出错时，上传在没有进展这么久之后放弃：30s、10m、24h（默认）、7d 或 never。服务器表示会恢复的（507：磁盘已满；429；Retry-After），无论多久都会等待。</translation>
    </message>
    <message>
        <source>With --headless and --state-dir, start every failed upload of that queue again, whatever stopped it (a file given again is retried without it).</source>
        <translation>与 --headless 和 --state-dir 一起使用：重新开始该队列中所有失败的上传，无论失败原因（再次给出的文件不需要此选项也会重试）。</translation>
    </message>
    <message>
        <source>--retry-failed needs --headless and --state-dir (in the window: Retry failed, under Resume all)</source>
        <translation>--retry-failed 需要 --headless 和 --state-dir（在窗口中：“全部继续”下的“重试失败项”）</translation>
    </message>
    <message>
        <source>--endpoint %1: %2</source>
        <translation>--endpoint %1：%2</translation>
    </message>
    <message>
        <source>--endpoint must be an http:// or https:// URL, s3://BUCKET/PREFIX, dav(s)://HOST/PATH or sftp://USER@HOST/FOLDER</source>
        <translation>--endpoint 必须是 http:// 或 https:// URL、s3://BUCKET/PREFIX、dav(s)://HOST/PATH 或 sftp://USER@HOST/FOLDER</translation>
    </message>
    <message>
        <source>The tus endpoint to create uploads at (http or https), an S3 bucket and key prefix: s3://BUCKET/PREFIX, or a WebDAV folder: dav://[USER@]HOST[:PORT]/PATH (davs:// for HTTPS; the password in HOIST_DAV_PASSWORD).</source>
        <translation>创建上传所用的 tus 端点（http 或 https）、S3 存储桶及键前缀：s3://BUCKET/PREFIX，或 WebDAV 文件夹：dav://[USER@]HOST[:PORT]/PATH（HTTPS 用 davs://；密码放在 HOIST_DAV_PASSWORD 中）。</translation>
    </message>
    <message>
        <source>When the server has a file of that name already (WebDAV, SFTP): skip it (SFTP: when its size and time match, else the upload fails), overwrite it (the default) or rename the upload to &quot;NAME (2).EXT&quot;.</source>
        <translation>服务器上已有同名文件时（WebDAV、SFTP）：跳过（SFTP：大小和时间一致时跳过，否则上传失败）、覆盖（默认）或将上传重命名为“NAME (2).EXT”。</translation>
    </message>
    <message>
        <source>The SSH key file to sign in to sftp:// servers with, after ssh-agent&apos;s keys (default: ~/.ssh/id_ed25519, id_ecdsa, id_rsa).</source>
        <translation>登录 sftp:// 服务器所用的 SSH 密钥文件，在 ssh-agent 的密钥之后尝试（默认：~/.ssh/id_ed25519、id_ecdsa、id_rsa）。</translation>
    </message>
    <message>
        <source>The known_hosts file sftp:// servers&apos; keys are checked against (default: ~/.ssh/known_hosts).</source>
        <translation>用于核对 sftp:// 服务器密钥的 known_hosts 文件（默认：~/.ssh/known_hosts）。</translation>
    </message>
    <message>
        <source>Accept an unknown sftp:// server whose host key has this fingerprint, as Hoist printed it (SHA256:...), and add it to the known hosts. Repeatable. A key that differs from a known one is never accepted.</source>
        <translation>接受主机密钥具有此指纹（按 Hoist 输出的格式，SHA256:...）的未知 sftp:// 服务器，并将其加入已知主机。可重复使用。与已知密钥不同的密钥绝不会被接受。</translation>
    </message>
    <message>
        <source>--ssh-identity %1: no such file</source>
        <translation>--ssh-identity %1：没有该文件</translation>
    </message>
    <message>
        <source>--ssh-accept-host-key needs a fingerprint as Hoist prints it: SHA256: and 43 characters</source>
        <translation>--ssh-accept-host-key 需要 Hoist 输出格式的指纹：SHA256: 加 43 个字符</translation>
    </message>
</context>
<context>
    <name>CountdownDialog</name>
    <message>
        <source>Suspend the computer</source>
        <translation>挂起计算机</translation>
    </message>
    <message>
        <source>Shut down the computer</source>
        <translation>关闭计算机</translation>
    </message>
    <message>
        <source>Suspend now</source>
        <translation>立即挂起</translation>
    </message>
    <message>
        <source>Shut down now</source>
        <translation>立即关机</translation>
    </message>
    <message>
        <source>Hoist will suspend this computer in 1 second.</source>
        <translation>Hoist 将在 1 秒后挂起本机。</translation>
    </message>
    <message>
        <source>Hoist will shut down this computer in 1 second.</source>
        <translation>Hoist 将在 1 秒后关闭本机。</translation>
    </message>
    <message>
        <source>Hoist will suspend this computer in %1 seconds.</source>
        <translation>Hoist 将在 %1 秒后挂起本机。</translation>
    </message>
    <message>
        <source>Hoist will shut down this computer in %1 seconds.</source>
        <translation>Hoist 将在 %1 秒后关闭本机。</translation>
    </message>
</context>
<context>
    <name>DamagedRows</name>
    <message numerus="yes">
        <source>%n upload(s) in the queue could not be read back: the record was damaged. Left out of the queue, kept unchanged in the table damaged_tasks of %1.</source>
        <translation>
            <numerusform>队列中有 %n 个上传无法读回：记录已损坏。已将其排除在队列之外，原样保留在 %1 的 damaged_tasks 表中。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n upload(s) in the queue could not be read back: the record was damaged. Left out of the queue; they stay in %1 as they are.</source>
        <translation>
            <numerusform>队列中有 %n 个上传无法读回：记录已损坏。已将其排除在队列之外；它们原样保留在 %1 中。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DesktopShell</name>
    <message>
        <source>Hoist keeps uploading</source>
        <translation>Hoist 仍在上传</translation>
    </message>
    <message>
        <source>Click the icon to show the window again; its menu quits.</source>
        <translation>点击图标可重新显示窗口；通过其菜单可退出。</translation>
    </message>
</context>
<context>
    <name>DetailsPane</name>
    <message>
        <source>under 1 s</source>
        <translation>不到 1 秒</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>General</source>
        <translation>常规</translation>
    </message>
    <message>
        <source>Try</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>用时</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>已发送</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Tries</source>
        <translation>尝试记录</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Show details of the selected upload (%1)</source>
        <translation>显示所选上传的详细信息（%1）</translation>
    </message>
    <message>
        <source>Copy %1</source>
        <translation>复制%1</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件路径</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器地址</translation>
    </message>
    <message>
        <source>Upload URL</source>
        <translation>上传 URL</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>服务器：</translation>
    </message>
    <message>
        <source>Upload URL:</source>
        <translation>上传 URL：</translation>
    </message>
    <message>
        <source>Added:</source>
        <translation>添加时间：</translation>
    </message>
    <message>
        <source>Started:</source>
        <translation>开始时间：</translation>
    </message>
    <message>
        <source>Finished:</source>
        <translation>完成时间：</translation>
    </message>
    <message>
        <source>Time spent:</source>
        <translation>耗时：</translation>
    </message>
    <message>
        <source>Average speed:</source>
        <translation>平均速度：</translation>
    </message>
    <message>
        <source>Select an upload to see its details</source>
        <translation>选择一个上传以查看其详细信息</translation>
    </message>
    <message>
        <source>None yet</source>
        <translation>暂无</translation>
    </message>
    <message>
        <source>No tries since Hoist started (tries are not kept across restarts)</source>
        <translation>自 Hoist 启动以来尚无尝试（重启后不保留尝试记录）</translation>
    </message>
    <message>
        <source>Tries (%1)</source>
        <translation>尝试记录（%1）</translation>
    </message>
    <message>
        <source>Still sending</source>
        <translation>仍在发送</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Stopped (paused, cancelled or moved)</source>
        <translation>已停止（暂停、取消或转移）</translation>
    </message>
    <message>
        <source>No: the server&apos;s copy differs from this file.</source>
        <translation>否：服务器上的副本与此文件不同。</translation>
    </message>
    <message>
        <source>When the upload is done</source>
        <translation>上传完成后进行</translation>
    </message>
    <message>
        <source>Yes. %1</source>
        <translation>是。%1</translation>
    </message>
    <message>
        <source>Not checked (uploaded before Hoist verified uploads)</source>
        <translation>未校验（上传时 Hoist 尚不校验上传）</translation>
    </message>
    <message>
        <source>Verified:</source>
        <translation>已校验：</translation>
    </message>
    <message>
        <source>%1 of %2 (%3%)</source>
        <translation>%1 / %2（%3%）</translation>
    </message>
    <message numerus="yes">
        <source>Sent as %n parallel parts (%1 sending, %2 done), joined when all are there; hover for their addresses</source>
        <translation>
            <numerusform>分成 %n 个并行部分发送（%1 个发送中，%2 个已完成），全部到齐后合并；悬停可查看各部分的地址</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message numerus="yes">
        <source>%n requests to this server (Auto)</source>
        <translation>
            <numerusform>对此服务器同时 %n 个请求（自动）</numerusform>
        </translation>
    </message>
    <message>
        <source>Auto (no level for this server yet)</source>
        <translation>自动（此服务器尚无数值）</translation>
    </message>
    <message>
        <source>At most %1 in all, %2 to this server (fixed)</source>
        <translation>总共最多 %1 个，此服务器最多 %2 个（固定）</translation>
    </message>
    <message numerus="yes">
        <source>At most %n requests in all (fixed)</source>
        <translation>
            <numerusform>总共最多 %n 个请求（固定）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1
This upload: %n parts sending</source>
        <translation>
            <numerusform>%1
此上传：%n 个分段正在发送</numerusform>
        </translation>
    </message>
    <message>
        <source>At once:</source>
        <translation>同时：</translation>
    </message>
</context>
<context>
    <name>DuplicateBar</name>
    <message>
        <source>Add anyway</source>
        <translation>仍然添加</translation>
    </message>
    <message>
        <source>Upload them again, as new uploads</source>
        <translation>作为新的上传再次上传它们</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>1 file is already in the queue and was not added again.</source>
        <translation>1 个文件已在队列中，未重复添加。</translation>
    </message>
    <message>
        <source>%1 files are already in the queue and were not added again.</source>
        <translation>%1 个文件已在队列中，未重复添加。</translation>
    </message>
    <message>
        <source>It changed since it was queued.</source>
        <translation>它在加入队列后已被更改。</translation>
    </message>
    <message>
        <source>%1 of them changed since they were queued.</source>
        <translation>其中 %1 个在加入队列后已被更改。</translation>
    </message>
    <message>
        <source>1 waiting upload now sends the newer version of its file.</source>
        <translation>1 个等待中的上传现在将发送其文件的新版本。</translation>
    </message>
    <message>
        <source>%1 waiting uploads now send the newer versions of their files.</source>
        <translation>%1 个等待中的上传现在将发送其文件的新版本。</translation>
    </message>
    <message>
        <source>1 failed upload was retried.</source>
        <translation>已重试 1 个失败的上传。</translation>
    </message>
    <message>
        <source>%1 failed uploads were retried.</source>
        <translation>已重试 %1 个失败的上传。</translation>
    </message>
</context>
<context>
    <name>EmptyFilterNotice</name>
    <message>
        <source>No uploads match</source>
        <translation>没有匹配的上传</translation>
    </message>
    <message>
        <source>Clear the filter</source>
        <translation>清除筛选</translation>
    </message>
</context>
<context>
    <name>EndpointCheck</name>
    <message numerus="yes">
        <source>No answer from %1 within %n s</source>
        <translation>
            <numerusform>%1 在 %n 秒内没有应答</numerusform>
        </translation>
    </message>
    <message>
        <source>checking the server</source>
        <translation>检查服务器</translation>
    </message>
    <message>
        <source>Not a tus server (HTTP %1)</source>
        <translation>不是 tus 服务器 (HTTP %1)</translation>
    </message>
    <message>
        <source>Not a tus server (HTTP %1 without Tus-Version)</source>
        <translation>不是 tus 服务器（HTTP %1，没有 Tus-Version）</translation>
    </message>
    <message>
        <source>The server speaks tus %1, not %2</source>
        <translation>服务器使用的是 tus %1，而不是 %2</translation>
    </message>
    <message>
        <source>instant upload</source>
        <translation>秒传</translation>
    </message>
    <message>
        <source>up to %1</source>
        <translation>最大 %1</translation>
    </message>
</context>
<context>
    <name>EndpointChoice</name>
    <message>
        <source>This computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Hoist&apos;s own server did not start: %1</source>
        <translation>Hoist 自带的服务器未能启动：%1</translation>
    </message>
    <message>
        <source>Uploads to this computer cannot continue: its server did not start: %1</source>
        <translation>上传到本机的任务无法继续：本机服务器未能启动：%1</translation>
    </message>
    <message>
        <source>That upload is not on this computer.</source>
        <translation>该上传不在本机上。</translation>
    </message>
</context>
<context>
    <name>EndpointField</name>
    <message>
        <source>Server:</source>
        <translation>服务器：</translation>
    </message>
    <message>
        <source>https://example.com/files/</source>
        <translation>https://example.com/files/</translation>
    </message>
    <message>
        <source>S3 bucket…</source>
        <translation>S3 存储桶…</translation>
    </message>
    <message>
        <source>S3 bucket…: upload to a bucket (service, region, bucket, prefix, keys)</source>
        <translation>S3 存储桶…：上传到存储桶（服务、区域、存储桶、前缀、密钥）</translation>
    </message>
    <message>
        <source>Upload to %1</source>
        <translation>上传到%1</translation>
    </message>
    <message>
        <source>The S3 bucket new uploads go to: %1</source>
        <translation>新上传所用的 S3 存储桶：%1</translation>
    </message>
    <message>
        <source>%1: Hoist&apos;s own server, at %2</source>
        <translation>%1：Hoist 自带的服务器，地址 %2</translation>
    </message>
    <message>
        <source>The tus endpoint new uploads go to</source>
        <translation>新上传所用的 tus 端点</translation>
    </message>
    <message>
        <source>%1 is not available: %2</source>
        <translation>%1 不可用：%2</translation>
    </message>
    <message>
        <source>Enter the upload server&apos;s address, e.g. https://example.com/files/</source>
        <translation>请输入上传服务器的地址，例如 https://example.com/files/</translation>
    </message>
    <message>
        <source>Not a valid address: %1</source>
        <translation>地址无效：%1</translation>
    </message>
    <message>
        <source>The address has no server name</source>
        <translation>地址中没有服务器名</translation>
    </message>
    <message>
        <source>The WebDAV folder new uploads go to: %1</source>
        <translation>新上传所用的 WebDAV 文件夹：%1</translation>
    </message>
    <message>
        <source>The address must start with http://, https://, dav://, davs:// or sftp://</source>
        <translation>地址必须以 http://、https://、dav://、davs:// 或 sftp:// 开头</translation>
    </message>
    <message>
        <source>SFTP…</source>
        <translation>SFTP…</translation>
    </message>
    <message>
        <source>SFTP…: upload to a folder on an SSH server (server, user, folder, key)</source>
        <translation>SFTP…：上传到 SSH 服务器上的文件夹（服务器、用户、文件夹、密钥）</translation>
    </message>
    <message>
        <source>WebDAV…</source>
        <translation>WebDAV…</translation>
    </message>
    <message>
        <source>WebDAV…: upload to a WebDAV folder: Nextcloud, ownCloud, a NAS (address, user, password)</source>
        <translation>WebDAV…：上传到 WebDAV 文件夹：Nextcloud、ownCloud、NAS（地址、用户、密码）</translation>
    </message>
    <message>
        <source>The SFTP folder new uploads go to: %1</source>
        <translation>新上传所用的 SFTP 文件夹：%1</translation>
    </message>
</context>
<context>
    <name>EndpointStatus</name>
    <message>
        <source>%1 answers: %2</source>
        <translation>%1 应答：%2</translation>
    </message>
    <message>
        <source>next try in %1</source>
        <translation>%1后再次尝试</translation>
    </message>
    <message>
        <source>trying now</source>
        <translation>正在尝试</translation>
    </message>
    <message>
        <source>Unreachable since %1 · %2
%3</source>
        <translation>自 %1 起无法访问 · %2
%3</translation>
    </message>
</context>
<context>
    <name>ExistingFileDialog</name>
    <message>
        <source>size not given</source>
        <translation>未提供大小</translation>
    </message>
    <message>
        <source>%1, changed %2</source>
        <translation>%1，修改于 %2</translation>
    </message>
    <message>
        <source>&amp;Do the same for the rest</source>
        <translation>其余文件也照此处理(&amp;D)</translation>
    </message>
    <message>
        <source>Already on the server</source>
        <translation>服务器上已有此文件</translation>
    </message>
    <message>
        <source>“%1” is already on the server. Replace it?</source>
        <translation>服务器上已有“%1”。要替换它吗？</translation>
    </message>
    <message>
        <source>On the server:</source>
        <translation>服务器上的：</translation>
    </message>
    <message>
        <source>This upload:</source>
        <translation>本次上传：</translation>
    </message>
    <message>
        <source>&amp;Skip</source>
        <translation>跳过(&amp;S)</translation>
    </message>
    <message>
        <source>Leave the server&apos;s file as it is and upload nothing</source>
        <translation>保留服务器上的文件不变，不上传任何内容</translation>
    </message>
    <message>
        <source>&amp;Overwrite</source>
        <translation>覆盖(&amp;O)</translation>
    </message>
    <message>
        <source>Upload as “%1”</source>
        <translation>上传为“%1”</translation>
    </message>
    <message>
        <source>Keep the server&apos;s file; this one goes beside it under the first free numbered name</source>
        <translation>保留服务器上的文件；此文件以第一个可用的编号名称上传到其旁边</translation>
    </message>
    <message numerus="yes">
        <source>%n more file(s) found on the server wait for an answer.</source>
        <translation>
            <numerusform>另有 %n 个服务器上已存在的文件在等待答复。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExistingFileWaits</name>
    <message>
        <source>Waiting for your answer: “%1” is already on the server</source>
        <translation>等待您的答复：服务器上已有“%1”</translation>
    </message>
</context>
<context>
    <name>FailureHandler</name>
    <message>
        <source>Gave up after %1 without progress: %2</source>
        <translation>%1 内没有进展，已放弃：%2</translation>
    </message>
    <message>
        <source>%1 · retry %2 of %3</source>
        <translation>%1 · 重试 %2/%3</translation>
    </message>
    <message>
        <source>%1 · next try</source>
        <translation>%1 · 下次尝试</translation>
    </message>
    <message numerus="yes">
        <source> · %n tries</source>
        <translation>
            <numerusform> · 尝试 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading the file…</source>
        <translation>正在读取文件…</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Server&apos;s disk is full</source>
        <translation>服务器磁盘已满</translation>
    </message>
</context>
<context>
    <name>FileCheck</name>
    <message>
        <source>The file %1 no longer exists.</source>
        <translation>文件 %1 已不存在。</translation>
    </message>
    <message>
        <source>%1 is not a regular file.</source>
        <translation>%1 不是普通文件。</translation>
    </message>
    <message>
        <source>The file %1 cannot be read (permission denied).</source>
        <translation>无法读取文件 %1（权限不足）。</translation>
    </message>
    <message>
        <source>it is now %1 bytes (was %2)</source>
        <translation>现在为 %1 字节（原为 %2）</translation>
    </message>
    <message>
        <source>it was modified at %1</source>
        <translation>已于 %1 被修改</translation>
    </message>
    <message>
        <source>The file changed while uploading: %1; %2.</source>
        <translation>文件在上传过程中被更改：%1；%2。</translation>
    </message>
</context>
<context>
    <name>FileHasher</name>
    <message>
        <source>The file %1 does not exist.</source>
        <translation>文件 %1 不存在。</translation>
    </message>
    <message>
        <source>%1 is not a regular file.</source>
        <translation>%1 不是普通文件。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2.</source>
        <translation>无法读取 %1：%2。</translation>
    </message>
    <message>
        <source>%1 is now %2 bytes (was %3).</source>
        <translation>%1 现在为 %2 字节（原为 %3）。</translation>
    </message>
    <message>
        <source>OpenSSL could not start a SHA-256 digest.</source>
        <translation>OpenSSL 无法开始计算 SHA-256 摘要。</translation>
    </message>
    <message>
        <source>%1 got shorter (%2 bytes, was %3).</source>
        <translation>%1 变短了（%2 字节，原为 %3）。</translation>
    </message>
    <message>
        <source>%1 was modified while it was read.</source>
        <translation>%1 在读取期间被修改。</translation>
    </message>
    <message>
        <source>OpenSSL could not finish a SHA-256 digest.</source>
        <translation>OpenSSL 无法完成 SHA-256 摘要计算。</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Uploading</source>
        <translation>上传中</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Show uploads in state</source>
        <translation>显示处于此状态的上传</translation>
    </message>
    <message>
        <source>Filter by name</source>
        <translation>按名称筛选</translation>
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
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 天</translation>
    </message>
</context>
<context>
    <name>GovernorState</name>
    <message>
        <source>Full speed (schedule and metered rule overridden)</source>
        <translation>全速（已临时覆盖计划和按流量计费规则）</translation>
    </message>
    <message>
        <source>Full speed until %1 (overridden)</source>
        <translation>全速至 %1（临时覆盖）</translation>
    </message>
    <message>
        <source>Paused: metered connection</source>
        <translation>已暂停：按流量计费的连接</translation>
    </message>
    <message>
        <source>Limited to %1: metered connection</source>
        <translation>限速 %1：按流量计费的连接</translation>
    </message>
    <message>
        <source>Paused by schedule</source>
        <translation>按计划暂停</translation>
    </message>
    <message>
        <source>Paused by schedule until %1</source>
        <translation>按计划暂停至 %1</translation>
    </message>
    <message>
        <source>Limited to %1 by schedule</source>
        <translation>按计划限速 %1</translation>
    </message>
    <message>
        <source>Limited to %1 by schedule until %2</source>
        <translation>按计划限速 %1，至 %2</translation>
    </message>
    <message>
        <source>Full speed by schedule</source>
        <translation>按计划全速</translation>
    </message>
    <message>
        <source>Full speed by schedule until %1</source>
        <translation>按计划全速至 %1</translation>
    </message>
</context>
<context>
    <name>HeadlessRunner</name>
    <message>
        <source>upload failed</source>
        <translation>上传失败</translation>
    </message>
    <message>
        <source>hoist: %1/%2 files, %3 of %4</source>
        <translation>hoist：%1/%2 个文件，%3 / %4</translation>
    </message>
    <message>
        <source>hoist: nothing to upload (no files found)</source>
        <translation>hoist：没有可上传的内容（未找到文件）</translation>
    </message>
    <message numerus="yes">
        <source>hoist: %n file(s) were already in the queue and not added again</source>
        <translation>
            <numerusform>hoist：%n 个文件已在队列中，未重复添加</numerusform>
        </translation>
    </message>
    <message>
        <source>hoist: %1 changed since it was queued; its upload in the queue stands</source>
        <translation>hoist：%1 在加入队列后已被更改；队列中的上传保持不变</translation>
    </message>
    <message numerus="yes">
        <source>hoist: %n waiting upload(s) now send the newer version of their file(s)</source>
        <translation>
            <numerusform>hoist：%n 个等待中的上传现在将发送其文件的新版本</numerusform>
        </translation>
    </message>
    <message>
        <source>hoist: %1 is unreachable (%2); its uploads wait for it</source>
        <translation>hoist：%1 无法访问（%2）；其上传将等待它恢复</translation>
    </message>
    <message>
        <source>hoist: %1 answers again after %2; its uploads go on</source>
        <translation>hoist：%1 在 %2 后恢复应答；其上传继续</translation>
    </message>
    <message numerus="yes">
        <source>hoist: %1 of %n file(s) uploaded (%2 verified), %3 failed, %4 in %5 s</source>
        <translation>
            <numerusform>hoist：已上传 %1/%n 个文件（%2 个已校验），%3 个失败，%4，用时 %5 秒</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>hoist: %1 of %n file(s) uploaded (%2 verified), %3 in %4 s</source>
        <translation>
            <numerusform>hoist：已上传 %1/%n 个文件（%2 个已校验），%3，用时 %4 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>hoist: %1 (%2); its uploads wait and try again (next in %3)</source>
        <translation>hoist: %1（%2）；其上传将等待并重试（%3 后再试）</translation>
    </message>
    <message numerus="yes">
        <source>hoist: %n failed upload(s) retried</source>
        <translation>
            <numerusform>hoist: 已重试 %n 个失败的上传</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n failed upload(s) retried</source>
        <translation>
            <numerusform>；已重试 %n 个失败的上传</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HeadlessWatch</name>
    <message numerus="yes">
        <source>hoist: %n file(s) of %1 queued</source>
        <translation>
            <numerusform>hoist：%1 中的 %n 个文件已加入队列</numerusform>
        </translation>
    </message>
    <message>
        <source>hoist: stopping; the queue is saved</source>
        <translation>hoist：正在停止；队列已保存</translation>
    </message>
    <message>
        <source>hoist: %1: inotify&apos;s watch limit (fs.inotify.max_user_watches) was reached; scanning it every %2 s instead</source>
        <translation>hoist：%1：已达到 inotify 的监视数量上限（fs.inotify.max_user_watches）；改为每 %2 秒扫描一次</translation>
    </message>
</context>
<context>
    <name>HeadlessWhenDone</name>
    <message>
        <source>hoist: cancelled; the computer stays on</source>
        <translation>hoist：已取消；计算机保持开启</translation>
    </message>
    <message>
        <source>hoist: suspending now</source>
        <translation>hoist：正在挂起</translation>
    </message>
    <message>
        <source>hoist: shutting down now</source>
        <translation>hoist：正在关机</translation>
    </message>
    <message>
        <source>hoist: the system refused: %1</source>
        <translation>hoist：系统拒绝：%1</translation>
    </message>
    <message>
        <source>hoist: suspending this computer in %1 s (Ctrl+C cancels)</source>
        <translation>hoist：%1 秒后挂起本机（按 Ctrl+C 取消）</translation>
    </message>
    <message>
        <source>hoist: shutting down this computer in %1 s (Ctrl+C cancels)</source>
        <translation>hoist：%1 秒后关闭本机（按 Ctrl+C 取消）</translation>
    </message>
</context>
<context>
    <name>IfExistsOption</name>
    <message>
        <source>--if-exists must be skip, overwrite or rename, not &quot;%1&quot;</source>
        <translation>--if-exists 必须是 skip、overwrite 或 rename，而不是“%1”</translation>
    </message>
</context>
<context>
    <name>LimitControls</name>
    <message>
        <source>Speed limit</source>
        <translation>限速</translation>
    </message>
    <message>
        <source>Parallel:</source>
        <translation>并行：</translation>
    </message>
    <message>
        <source>Per server:</source>
        <translation>每服务器：</translation>
    </message>
    <message>
        <source>Any</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>At most this many requests to one server at once, so that one slow server cannot take every slot</source>
        <translation>对同一服务器最多同时发出这么多请求，以免一个慢速服务器占满所有名额</translation>
    </message>
    <message>
        <source>Speed limit of all uploads</source>
        <translation>全部上传的限速</translation>
    </message>
    <message>
        <source>Limit: %1</source>
        <translation>限速：%1</translation>
    </message>
    <message>
        <source>All uploads together send at most %1</source>
        <translation>全部上传合计最多发送 %1</translation>
    </message>
    <message>
        <source>Uploads send as fast as the network takes them</source>
        <translation>上传速度只受网络限制</translation>
    </message>
    <message>
        <source>How many requests go at once: files, or parts of a large file where the server joins parts.</source>
        <translation>同时进行多少个请求：文件，或在服务器支持合并分段时大文件的分段。</translation>
    </message>
    <message>
        <source>A number: never more than that many at once.</source>
        <translation>数字：同时绝不超过这个数量。</translation>
    </message>
</context>
<context>
    <name>Login1Power</name>
    <message>
        <source>The system bus is not reachable: %1</source>
        <translation>无法连接系统总线：%1</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Filter by name</source>
        <translation>按名称筛选</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Drop files or folders here to upload them</source>
        <translation>将文件或文件夹拖放到此处即可上传</translation>
    </message>
    <message>
        <source>Uploads</source>
        <translation>上传</translation>
    </message>
    <message>
        <source>Add files…</source>
        <translation>添加文件…</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>Pause all</source>
        <translation>全部暂停</translation>
    </message>
    <message>
        <source>Resume all</source>
        <translation>全部继续</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>清除已完成</translation>
    </message>
    <message>
        <source>Remove finished uploads from the list (the server keeps them)</source>
        <translation>从列表中移除已完成的上传（服务器上的文件保留）</translation>
    </message>
    <message>
        <source>Clear failed</source>
        <translation>清除失败项</translation>
    </message>
    <message>
        <source>Remove failed uploads; what they left on a server is deleted</source>
        <translation>移除失败的上传；它们在服务器上留下的内容会被删除</translation>
    </message>
    <message>
        <source>Add files</source>
        <translation>添加文件</translation>
    </message>
    <message>
        <source>Add folder</source>
        <translation>添加文件夹</translation>
    </message>
    <message>
        <source>Close window</source>
        <translation>关闭窗口</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>设置…</translation>
    </message>
    <message>
        <source>Resume paused uploads and retry those that failed because a server did not answer (%1)</source>
        <translation>继续已暂停的上传，并重试因服务器无应答而失败的上传（%1）</translation>
    </message>
    <message>
        <source>Retry failed</source>
        <translation>重试失败项</translation>
    </message>
    <message>
        <source>Start every failed upload again</source>
        <translation>重新开始所有失败的上传</translation>
    </message>
    <message>
        <source>Watched folders…</source>
        <translation>监视的文件夹…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Select &amp;all</source>
        <translation>全选(&amp;A)</translation>
    </message>
</context>
<context>
    <name>MenuBar</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>查看(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Transfers</source>
        <translation>传输(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Columns</source>
        <translation>列(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;About Hoist</source>
        <translation>关于 Hoist(&amp;A)</translation>
    </message>
    <message>
        <source>About Hoist</source>
        <translation>关于 Hoist</translation>
    </message>
    <message>
        <source>&lt;b&gt;Hoist %1&lt;/b&gt;&lt;p&gt;Uploads files and folders to tus servers, S3 buckets and its own server, hoistd; resumes where the server has them.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Hoist %1&lt;/b&gt;&lt;p&gt;将文件和文件夹上传到 tus 服务器、S3 存储桶和 Hoist 自带的服务器 hoistd；从服务器已收到的位置继续上传。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ParallelLevelLabel</name>
    <message>
        <source>Auto · %1</source>
        <translation>自动 · %1</translation>
    </message>
    <message>
        <source>Parallel: Auto · %1</source>
        <translation>并行：自动 · %1</translation>
    </message>
    <message numerus="yes">
        <source>Parallel: Auto allows %n requests at once now, across all servers: it adds more while that makes uploads faster, and takes some back when a server slows down or refuses.</source>
        <translation>
            <numerusform>并行：自动模式现在允许所有服务器合计同时 %n 个请求：只要能让上传更快就继续增加，服务器变慢或拒绝时则减少一些。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ParallelSpin</name>
    <message>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Auto: Hoist finds how many requests at once each server rewards, adding more while uploads get faster and fewer when a server slows down or refuses.</source>
        <translation>自动：Hoist 会为每个服务器找出最合适的同时请求数，上传变快时增加，服务器变慢或拒绝时减少。</translation>
    </message>
</context>
<context>
    <name>PathExpander</name>
    <message>
        <source>no such file or folder</source>
        <translation>没有该文件或文件夹</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <source>symbolic link loop</source>
        <translation>符号链接循环</translation>
    </message>
    <message>
        <source>broken symbolic link</source>
        <translation>失效的符号链接</translation>
    </message>
    <message>
        <source>symbolic link loop: %1 is already being uploaded</source>
        <translation>符号链接循环：%1 已在上传</translation>
    </message>
    <message>
        <source>folder loop: %1 is already being uploaded</source>
        <translation>文件夹循环：%1 已在上传</translation>
    </message>
    <message>
        <source>already being uploaded</source>
        <translation>已在上传</translation>
    </message>
    <message>
        <source>already being uploaded as part of %1</source>
        <translation>已作为 %1 的一部分在上传</translation>
    </message>
</context>
<context>
    <name>PathPatterns</name>
    <message>
        <source>the pattern is empty</source>
        <translation>模式为空</translation>
    </message>
    <message>
        <source>“%1” is not a valid pattern: %2</source>
        <translation>“%1”不是有效的模式：%2</translation>
    </message>
</context>
<context>
    <name>PatternListEdit</name>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Glob patterns: *.tmp, ~$*, Thumbs.db; a slash matches the path inside the folder (build/*.o); a trailing slash folders only (.git/). Case is ignored. Double-click to edit.</source>
        <translation>通配符模式：*.tmp、~$*、Thumbs.db；含斜杠的模式匹配文件夹内的路径（build/*.o）；以斜杠结尾的只匹配文件夹（.git/）。不区分大小写。双击可编辑。</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>恢复默认</translation>
    </message>
</context>
<context>
    <name>PowerCountdown</name>
    <message>
        <source>This system offers no way to do that.</source>
        <translation>此系统不支持该操作。</translation>
    </message>
    <message>
        <source>Suspending</source>
        <translation>正在挂起</translation>
    </message>
    <message>
        <source>Shutting down</source>
        <translation>正在关机</translation>
    </message>
</context>
<context>
    <name>ProtocolRouter</name>
    <message>
        <source>Hoist cannot upload to &quot;%1&quot; addresses</source>
        <translation>Hoist 无法上传到“%1”类型的地址</translation>
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
        <translation>Hoist 无法保存队列</translation>
    </message>
</context>
<context>
    <name>QueueLoss</name>
    <message>
        <source>task %1</source>
        <translation>任务 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 及另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Hoist exits without having saved its queue (%1).</source>
        <translation>Hoist 未保存队列即退出（%1）。</translation>
    </message>
    <message numerus="yes">
        <source>%n upload(s) will not resume after a restart: their resume points are not saved, so they start again from the beginning: %1.</source>
        <translation>
            <numerusform>%n 个上传在重启后无法继续：其续传点未保存，将从头开始：%1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finished upload(s) are not saved as done: a later run with the same state folder and files will upload them again: %1.</source>
        <translation>
            <numerusform>%n 个已完成的上传未被记为已完成：之后使用相同状态文件夹和文件运行时会再次上传它们：%1。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QueueSaveStatus</name>
    <message>
        <source>Hoist cannot save its queue: %1 — uploads continue but will not survive a restart</source>
        <translation>Hoist 无法保存队列：%1 — 上传会继续，但重启后不会保留</translation>
    </message>
    <message>
        <source>Hoist saves its queue again: every change made meanwhile is written</source>
        <translation>Hoist 已恢复保存队列：期间的所有更改均已写入</translation>
    </message>
</context>
<context>
    <name>RateEdit</name>
    <message>
        <source>No limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Bytes per second, as --limit-rate takes them: 512K, 2M, 1.5M/s or 1048576 (binary units, at least 1K). Empty: no limit.</source>
        <translation>每秒字节数，写法同 --limit-rate：512K、2M、1.5M/s 或 1048576（二进制单位，至少 1K）。留空：不限速。</translation>
    </message>
    <message>
        <source>Not a rate: write 512K, 2M or 1048576, at least 1K</source>
        <translation>不是速率：请写 512K、2M 或 1048576，至少 1K</translation>
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
        <translation>不限</translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation>自定义…</translation>
    </message>
    <message>
        <source>Custom (%1)…</source>
        <translation>自定义（%1）…</translation>
    </message>
    <message>
        <source>Speed limit</source>
        <translation>限速</translation>
    </message>
    <message>
        <source>Upload at most (MiB/s):</source>
        <translation>最高上传速度（MiB/s）：</translation>
    </message>
</context>
<context>
    <name>ReadAheadDevice</name>
    <message>
        <source>the file is not open</source>
        <translation>文件未打开</translation>
    </message>
    <message>
        <source>%1 is shorter than expected (truncated while reading)</source>
        <translation>%1 比预期短（读取期间被截断）</translation>
    </message>
</context>
<context>
    <name>RegularFile</name>
    <message>
        <source>a folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>named pipe</source>
        <translation>命名管道</translation>
    </message>
    <message>
        <source>socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <source>character device</source>
        <translation>字符设备</translation>
    </message>
    <message>
        <source>block device</source>
        <translation>块设备</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>未知类型</translation>
    </message>
    <message>
        <source>not a regular file (%1)</source>
        <translation>不是普通文件（%1）</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>没有该文件或文件夹</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>权限不足</translation>
    </message>
</context>
<context>
    <name>RowActions</name>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Send to current server</source>
        <translation>发送到当前服务器</translation>
    </message>
    <message>
        <source>Pause or resume</source>
        <translation>暂停或继续</translation>
    </message>
    <message>
        <source>Copy link</source>
        <translation>复制链接</translation>
    </message>
    <message>
        <source>Cancel…</source>
        <translation>取消…</translation>
    </message>
    <message>
        <source>Speed limit</source>
        <translation>限速</translation>
    </message>
    <message>
        <source>High</source>
        <translation>高</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>低</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>普通</translation>
    </message>
    <message>
        <source>Upload again to %1</source>
        <translation>重新上传到 %1</translation>
    </message>
    <message>
        <source>Copy links</source>
        <translation>复制链接</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>Remove from list</source>
        <translation>从列表中移除</translation>
    </message>
    <message>
        <source>Retry failed</source>
        <translation>重试失败项</translation>
    </message>
    <message>
        <source>Copy cause</source>
        <translation>复制失败原因</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>S3Errors</name>
    <message>
        <source>The S3 service at %1 refused the key: wrong access key or secret</source>
        <translation>%1 的 S3 服务拒绝了密钥：访问密钥 ID 或秘密访问密钥有误</translation>
    </message>
    <message>
        <source>There is no bucket &quot;%1&quot; at %2</source>
        <translation>%2 上没有存储桶“%1”</translation>
    </message>
    <message>
        <source>The S3 service at %1 denied access to bucket &quot;%2&quot;: this key may not upload there</source>
        <translation>%1 的 S3 服务拒绝访问存储桶“%2”：此密钥无权上传到该处</translation>
    </message>
    <message>
        <source>This computer&apos;s clock differs too much from the S3 service&apos;s at %1; set the clock right</source>
        <translation>本机时钟与 %1 的 S3 服务相差太大；请校准时钟</translation>
    </message>
    <message>
        <source>The S3 service at %1 refused the file as too large</source>
        <translation>%1 的 S3 服务以文件过大为由拒绝了该文件</translation>
    </message>
    <message>
        <source>The S3 service at %1 asks to slow down (HTTP %2)</source>
        <translation>%1 的 S3 服务要求放慢速度 (HTTP %2)</translation>
    </message>
    <message>
        <source>The bytes the S3 service at %1 received differ from the ones sent</source>
        <translation>%1 的 S3 服务收到的字节与发送的不同</translation>
    </message>
    <message>
        <source>The S3 service at %1 gave up waiting for the request&apos;s bytes</source>
        <translation>%1 的 S3 服务等待请求数据超时，已放弃</translation>
    </message>
    <message>
        <source>Server error at %1 (HTTP %2)</source>
        <translation>%1 服务器出错 (HTTP %2)</translation>
    </message>
    <message>
        <source>The S3 service at %1 no longer has the multipart upload</source>
        <translation>%1 的 S3 服务上已没有该分段上传</translation>
    </message>
    <message>
        <source>The S3 service at %1 failed while %2</source>
        <translation>%1 的 S3 服务在%2时出错</translation>
    </message>
    <message>
        <source>The S3 service at %1 refused the request while %2 (HTTP %3)</source>
        <translation>%1 的 S3 服务在%2时拒绝了请求 (HTTP %3)</translation>
    </message>
    <message>
        <source>While %1 (%2): HTTP %3</source>
        <translation>在%1时（%2）：HTTP %3</translation>
    </message>
    <message>
        <source>, S3 error %1</source>
        <translation>，S3 错误 %1</translation>
    </message>
    <message>
        <source>(no code)</source>
        <translation>（无错误码）</translation>
    </message>
    <message>
        <source>, RequestId %1</source>
        <translation>，RequestId %1</translation>
    </message>
    <message>
        <source>No keys are set for bucket &quot;%1&quot; at %2: add an access key and secret</source>
        <translation>未为 %2 上的存储桶“%1”设置密钥：请添加访问密钥 ID 和秘密访问密钥</translation>
    </message>
    <message>
        <source>The S3 service at %1 has no room left (HTTP %2)</source>
        <translation>%1 的 S3 服务已没有剩余空间（HTTP %2）</translation>
    </message>
</context>
<context>
    <name>S3MultipartTransfer</name>
    <message>
        <source>creating the multipart upload</source>
        <translation>创建分段上传</translation>
    </message>
    <message>
        <source>The S3 service&apos;s answer to creating the multipart upload is unusable: %1</source>
        <translation>S3 服务对创建分段上传的应答无法使用：%1</translation>
    </message>
    <message>
        <source>asking which parts the S3 service holds</source>
        <translation>询问 S3 服务已有哪些分段</translation>
    </message>
    <message>
        <source>its part list does not advance past part %1</source>
        <translation>其分段列表停在第 %1 段之后不再前进</translation>
    </message>
    <message>
        <source>The S3 service&apos;s list of the upload&apos;s parts is unusable: %1</source>
        <translation>S3 服务给出的上传分段列表无法使用：%1</translation>
    </message>
    <message>
        <source>sending part %1</source>
        <translation>发送第 %1 段</translation>
    </message>
    <message>
        <source>The S3 service did not name part %1 (no ETag in its answer).</source>
        <translation>S3 服务未给出第 %1 段的标识（应答中没有 ETag）。</translation>
    </message>
    <message>
        <source>joining the parts</source>
        <translation>合并各分段</translation>
    </message>
    <message>
        <source>The S3 service&apos;s answer to joining the parts is unusable: %1</source>
        <translation>S3 服务对合并各分段的应答无法使用：%1</translation>
    </message>
    <message>
        <source>The S3 service lost the multipart upload it had just created.</source>
        <translation>S3 服务丢失了刚刚创建的分段上传。</translation>
    </message>
    <message>
        <source>Not verified: &apos;%1&apos; could not be read again to compute its parts&apos; MD5s.</source>
        <translation>未校验：无法再次读取“%1”来计算其各分段的 MD5。</translation>
    </message>
    <message>
        <source>Not verified: &apos;%1&apos; could not be read again to compute its parts&apos; MD5s: %2.</source>
        <translation>未校验：无法再次读取“%1”来计算其各分段的 MD5：%2。</translation>
    </message>
</context>
<context>
    <name>S3PartPut</name>
    <message>
        <source>The file changed while uploading: &apos;%1&apos; got shorter.</source>
        <translation>文件在上传过程中被更改：“%1”变短了。</translation>
    </message>
    <message>
        <source>Cannot read &apos;%1&apos;: %2.</source>
        <translation>无法读取“%1”：%2。</translation>
    </message>
</context>
<context>
    <name>S3Protocol</name>
    <message>
        <source>aborting the multipart upload</source>
        <translation>中止分段上传</translation>
    </message>
    <message>
        <source>checking the server</source>
        <translation>检查服务器</translation>
    </message>
    <message>
        <source>No answer</source>
        <translation>无应答</translation>
    </message>
</context>
<context>
    <name>S3PutTransfer</name>
    <message>
        <source>sending the file</source>
        <translation>发送文件</translation>
    </message>
</context>
<context>
    <name>S3Request</name>
    <message>
        <source>Cannot read the file while %1</source>
        <translation>在%1时无法读取文件</translation>
    </message>
    <message>
        <source>The S3 service at %1 answered with more than %2 bytes while %3</source>
        <translation>%1 的 S3 服务在%3时应答超过了 %2 字节</translation>
    </message>
    <message>
        <source>The upload stalled: no progress for %1 s while %2</source>
        <translation>上传停滞：在%2时 %1 秒内没有进展</translation>
    </message>
</context>
<context>
    <name>S3Target</name>
    <message>
        <source>An S3 target starts with s3://</source>
        <translation>S3 目标必须以 s3:// 开头</translation>
    </message>
    <message>
        <source>Keys do not belong in the address; give them as credentials.</source>
        <translation>密钥不应写在地址中；请作为凭据提供。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a bucket name.</source>
        <translation>“%1”不是有效的存储桶名称。</translation>
    </message>
    <message>
        <source>The S3 service &quot;%1&quot; is not an http:// or https:// address.</source>
        <translation>S3 服务“%1”不是 http:// 或 https:// 地址。</translation>
    </message>
    <message>
        <source>%1/%2 on %3</source>
        <translation>%3 上的 %1/%2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a region name.</source>
        <translation>“%1”不是区域名称。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be part of a host name; use path-style addressing.</source>
        <translation>“%1”不能作为主机名的一部分；请使用路径式寻址。</translation>
    </message>
</context>
<context>
    <name>S3TargetDialog</name>
    <message>
        <source>S3 bucket</source>
        <translation>S3 存储桶</translation>
    </message>
    <message>
        <source>Service address</source>
        <translation>服务地址</translation>
    </message>
    <message>
        <source>http://127.0.0.1:8000, https://ACCOUNT.r2.cloudflarestorage.com; empty: AWS</source>
        <translation>http://127.0.0.1:8000、https://ACCOUNT.r2.cloudflarestorage.com；留空：AWS</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>区域</translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation>存储桶</translation>
    </message>
    <message>
        <source>my-bucket</source>
        <translation>my-bucket</translation>
    </message>
    <message>
        <source>Key prefix</source>
        <translation>前缀</translation>
    </message>
    <message>
        <source>optional: uploads/2026/</source>
        <translation>可选：uploads/2026/</translation>
    </message>
    <message>
        <source>&amp;Virtual-hosted (BUCKET.service); else path-style</source>
        <translation>虚拟主机方式（BUCKET.service）；否则为路径方式(&amp;V)</translation>
    </message>
    <message>
        <source>AWS wants virtual-hosted addresses; Ceph, MinIO and most servers of one&apos;s own answer path-style ones</source>
        <translation>AWS 要求虚拟主机方式的地址；Ceph、MinIO 和大多数自建服务器使用路径方式的地址</translation>
    </message>
    <message>
        <source>Access key ID</source>
        <translation>访问密钥 ID</translation>
    </message>
    <message>
        <source>AKIA…</source>
        <translation>AKIA…</translation>
    </message>
    <message>
        <source>Secret access key</source>
        <translation>秘密访问密钥</translation>
    </message>
    <message>
        <source>&amp;Remember the keys on this computer</source>
        <translation>在本机记住密钥(&amp;R)</translation>
    </message>
    <message>
        <source>Kept in the system keyring, never in a plain file</source>
        <translation>保存在系统密钥环中，绝不写入明文文件</translation>
    </message>
    <message>
        <source>&amp;Service:</source>
        <translation>服务(&amp;S)：</translation>
    </message>
    <message>
        <source>Re&amp;gion:</source>
        <translation>区域(&amp;G)：</translation>
    </message>
    <message>
        <source>&amp;Bucket:</source>
        <translation>存储桶(&amp;B)：</translation>
    </message>
    <message>
        <source>Key &amp;prefix:</source>
        <translation>前缀(&amp;P)：</translation>
    </message>
    <message>
        <source>Access &amp;key ID:</source>
        <translation>访问密钥 ID(&amp;K)：</translation>
    </message>
    <message>
        <source>Se&amp;cret key:</source>
        <translation>秘密访问密钥(&amp;C)：</translation>
    </message>
    <message>
        <source>Files go to the bucket under the prefix, by the path the table shows: a dropped folder keeps its structure.</source>
        <translation>文件按表格中显示的路径上传到存储桶的前缀下：拖入的文件夹保持其目录结构。</translation>
    </message>
    <message>
        <source>Enter the bucket&apos;s name.</source>
        <translation>请输入存储桶名称。</translation>
    </message>
    <message>
        <source>Set; type a new one to replace it</source>
        <translation>已设置；输入新密钥即可替换</translation>
    </message>
    <message>
        <source>Paste the secret key</source>
        <translation>粘贴秘密访问密钥</translation>
    </message>
    <message>
        <source>Enter the access key ID.</source>
        <translation>请输入访问密钥 ID。</translation>
    </message>
    <message>
        <source>An access key ID holds no &apos;:&apos;.</source>
        <translation>访问密钥 ID 中不能含有“:”。</translation>
    </message>
    <message>
        <source>Enter the secret access key.</source>
        <translation>请输入秘密访问密钥。</translation>
    </message>
    <message>
        <source>The keys are sent to no one: they sign each request.</source>
        <translation>密钥不会发送给任何人：只用于为每个请求签名。</translation>
    </message>
    <message>
        <source>Can&apos;t remember the keys: no keyring. Hoist keeps them until it quits.</source>
        <translation>无法记住密钥：没有密钥环。Hoist 会保留它们直到退出。</translation>
    </message>
</context>
<context>
    <name>S3Verification</name>
    <message>
        <source>Not verified: asking for the object&apos;s ETag failed (%1).</source>
        <translation>未校验：查询对象的 ETag 失败（%1）。</translation>
    </message>
    <message>
        <source>Not verifiable: the object is encrypted (%1), so its ETag is not an MD5 of the file.</source>
        <translation>无法校验：对象已加密（%1），其 ETag 不是文件的 MD5。</translation>
    </message>
    <message>
        <source>Not verifiable: the S3 service&apos;s ETag &apos;%1&apos; is not an MD5 of the content.</source>
        <translation>无法校验：S3 服务的 ETag“%1”不是内容的 MD5。</translation>
    </message>
    <message>
        <source>The object&apos;s ETag %1 is the MD5 of this file&apos;s part MD5s (S3 multipart).</source>
        <translation>对象的 ETag %1 是此文件各分段 MD5 的 MD5（S3 分段上传）。</translation>
    </message>
    <message>
        <source>The object&apos;s ETag %1 is this file&apos;s MD5.</source>
        <translation>对象的 ETag %1 就是此文件的 MD5。</translation>
    </message>
    <message>
        <source>The server&apos;s copy differs from this file: &apos;%1&apos; was sent whole, but the stored object&apos;s ETag is not the one its bytes give. Retry sends it again.</source>
        <translation>服务器上的副本与此文件不同：“%1”已完整发送，但所存对象的 ETag 与其内容算出的不符。重试将重新发送。</translation>
    </message>
    <message>
        <source>ETag of the object %1, of the file %2</source>
        <translation>对象的 ETag 为 %1，文件的为 %2</translation>
    </message>
    <message>
        <source>asking for the object&apos;s ETag</source>
        <translation>查询对象的 ETag</translation>
    </message>
</context>
<context>
    <name>S3Xml</name>
    <message>
        <source>the answer names no UploadId</source>
        <translation>应答中没有 UploadId</translation>
    </message>
    <message>
        <source>the answer is not a ListPartsResult</source>
        <translation>应答不是 ListPartsResult</translation>
    </message>
    <message>
        <source>a truncated part list has no usable NextPartNumberMarker</source>
        <translation>截断的分段列表没有可用的 NextPartNumberMarker</translation>
    </message>
    <message>
        <source>a listed part has no usable PartNumber, Size or ETag</source>
        <translation>列出的某个分段没有可用的 PartNumber、Size 或 ETag</translation>
    </message>
    <message>
        <source>the answer is not a CompleteMultipartUploadResult</source>
        <translation>应答不是 CompleteMultipartUploadResult</translation>
    </message>
    <message>
        <source>the answer declares a DTD</source>
        <translation>应答声明了 DTD</translation>
    </message>
    <message>
        <source>the answer has two root elements</source>
        <translation>应答有两个根元素</translation>
    </message>
    <message>
        <source>the answer holds an over-long value</source>
        <translation>应答中含有过长的值</translation>
    </message>
    <message>
        <source>the answer is not well-formed XML (%1)</source>
        <translation>应答不是格式正确的 XML（%1）</translation>
    </message>
    <message>
        <source>the answer is empty</source>
        <translation>应答为空</translation>
    </message>
    <message>
        <source>the answer lists too many entries</source>
        <translation>回答列出的条目过多</translation>
    </message>
    <message>
        <source>the answer is not a copy result with an ETag</source>
        <translation>回答不是带 ETag 的复制结果</translation>
    </message>
    <message>
        <source>the answer is not a ListBucketResult</source>
        <translation>回答不是 ListBucketResult</translation>
    </message>
    <message>
        <source>a truncated listing has no NextContinuationToken</source>
        <translation>截断的列表没有 NextContinuationToken</translation>
    </message>
    <message>
        <source>a listed object has no usable Key or Size</source>
        <translation>列出的对象没有可用的 Key 或 Size</translation>
    </message>
    <message>
        <source>the answer is not a ListMultipartUploadsResult</source>
        <translation>回答不是 ListMultipartUploadsResult</translation>
    </message>
    <message>
        <source>a truncated listing has no NextKeyMarker</source>
        <translation>截断的列表没有 NextKeyMarker</translation>
    </message>
    <message>
        <source>a listed upload has no Key or UploadId</source>
        <translation>列出的上传没有 Key 或 UploadId</translation>
    </message>
    <message>
        <source>the answer is not a DeleteResult</source>
        <translation>回答不是 DeleteResult</translation>
    </message>
</context>
<context>
    <name>SaveProblemLabel</name>
    <message>
        <source>Hoist cannot save its queue: %1</source>
        <translation>Hoist 无法保存队列：%1</translation>
    </message>
    <message>
        <source>Queue not saved: %1</source>
        <translation>队列未保存：%1</translation>
    </message>
</context>
<context>
    <name>ScheduleDialog</name>
    <message>
        <source>Schedule</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Pick a mode on the left, then click or drag over the hours it applies to. Hours are local time; uploads you paused yourself stay paused.</source>
        <translation>在左侧选择一种模式，然后点击或拖过它所适用的小时。时间为本地时间；你手动暂停的上传保持暂停。</translation>
    </message>
    <message>
        <source>Modes</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>e.g. 2M, 512K</source>
        <translation>例如 2M、512K</translation>
    </message>
    <message>
        <source>New rate</source>
        <translation>新速率</translation>
    </message>
    <message>
        <source>Add rate</source>
        <translation>添加速率</translation>
    </message>
    <message>
        <source>Remove rate</source>
        <translation>删除速率</translation>
    </message>
    <message>
        <source>Modes:</source>
        <translation>模式：</translation>
    </message>
    <message>
        <source>All full speed</source>
        <translation>全部全速</translation>
    </message>
    <message>
        <source>Pause uploads</source>
        <translation>暂停上传</translation>
    </message>
    <message>
        <source>Limit to</source>
        <translation>限速为</translation>
    </message>
    <message>
        <source>Ignore it</source>
        <translation>忽略</translation>
    </message>
    <message>
        <source>e.g. 512K</source>
        <translation>例如 512K</translation>
    </message>
    <message>
        <source>Rate on a metered connection</source>
        <translation>按流量计费的连接上的速率</translation>
    </message>
    <message>
        <source>On a metered connection:</source>
        <translation>按流量计费的连接上：</translation>
    </message>
    <message>
        <source>Schedule as text</source>
        <translation>文本形式的计划</translation>
    </message>
    <message>
        <source>The same rules as a file for hoist --headless --schedule FILE</source>
        <translation>与 hoist --headless --schedule FILE 所用文件相同的规则</translation>
    </message>
    <message>
        <source>As text (for --schedule FILE):</source>
        <translation>文本形式（用于 --schedule FILE）：</translation>
    </message>
    <message>
        <source>Limit to %1</source>
        <translation>限速 %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a rate: write one such as 2M, 512K or 1048576 (bytes per second), at least 1K.</source>
        <translation>“%1”不是速率：请写成 2M、512K 或 1048576 这样的速率（字节/秒），至少 1K。</translation>
    </message>
    <message>
        <source># Full speed at all hours</source>
        <translation># 所有时段全速</translation>
    </message>
    <message>
        <source>The rate for a metered connection must be one such as 512K or 2M, at least 1K.</source>
        <translation>按流量计费的连接上的速率必须是 512K 或 2M 这样的值，至少 1K。</translation>
    </message>
</context>
<context>
    <name>ScheduleGrid</name>
    <message>
        <source>Weekly schedule</source>
        <translation>每周计划</translation>
    </message>
    <message>
        <source>%1 %2:00–%3:00: %4</source>
        <translation>%1 %2:00–%3:00：%4</translation>
    </message>
</context>
<context>
    <name>ScheduleStatus</name>
    <message>
        <source>Schedule</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Full speed for 1 hour</source>
        <translation>全速 1 小时</translation>
    </message>
    <message>
        <source>Full speed for 3 hours</source>
        <translation>全速 3 小时</translation>
    </message>
    <message>
        <source>Full speed until the rule ends</source>
        <translation>全速直到当前规则结束</translation>
    </message>
    <message>
        <source>Cancel override</source>
        <translation>取消临时覆盖</translation>
    </message>
    <message>
        <source>Edit schedule…</source>
        <translation>编辑计划…</translation>
    </message>
    <message>
        <source>Schedule…</source>
        <translation>计划…</translation>
    </message>
    <message>
        <source>Rule in force: %1</source>
        <translation>当前规则：%1</translation>
    </message>
    <message>
        <source>The connection is metered.</source>
        <translation>当前连接按流量计费。</translation>
    </message>
    <message>
        <source>Click for a full-speed override or to edit the schedule.</source>
        <translation>点击可临时全速或编辑计划。</translation>
    </message>
</context>
<context>
    <name>ServerHealth</name>
    <message>
        <source>Gave up after %1 without reaching the server: %2</source>
        <translation>%1 内无法连接服务器，已放弃：%2</translation>
    </message>
    <message>
        <source>Down since %1 · next try</source>
        <translation>自 %1 起无法访问 · 下次尝试</translation>
    </message>
    <message>
        <source>Down since %1 · trying now</source>
        <translation>自 %1 起无法访问 · 正在尝试</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Start &amp;minimised to the tray</source>
        <translation>启动时最小化到托盘(&amp;M)</translation>
    </message>
    <message>
        <source>Hoist settings</source>
        <translation>Hoist 设置</translation>
    </message>
    <message>
        <source>Any</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>At most this many requests to one server at once</source>
        <translation>对同一服务器最多同时发出这么多请求</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Automatic: 8 MiB, with requests growing up to 64 MiB on fast links. A size: no request carries more (for servers or proxies that refuse large requests). For uploads added from now on.</source>
        <translation>自动：8 MiB，链路较快时请求会逐渐增大，最多 64 MiB。指定大小：任何请求都不超过此大小（用于拒绝大请求的服务器或代理）。对此后添加的上传生效。</translation>
    </message>
    <message>
        <source>All uploads together send at most this much (the status bar&apos;s “Limit”)</source>
        <translation>全部上传合计最多发送这么多（即状态栏上的“限速”）</translation>
    </message>
    <message>
        <source>Do nothing</source>
        <translation>不做任何事</translation>
    </message>
    <message>
        <source>Show a notification</source>
        <translation>显示通知</translation>
    </message>
    <message>
        <source>Quit Hoist when all succeeded</source>
        <translation>全部成功后退出 Hoist</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>询问</translation>
    </message>
    <message>
        <source>Keep uploading in the tray</source>
        <translation>在托盘中继续上传</translation>
    </message>
    <message>
        <source>Quit; resume next time</source>
        <translation>退出，下次继续</translation>
    </message>
    <message>
        <source>What closing the window does while uploads run or wait</source>
        <translation>上传正在进行或等待时，关闭窗口的行为</translation>
    </message>
    <message>
        <source>This desktop has no system tray</source>
        <translation>此桌面没有系统托盘</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Uploads</source>
        <translation>上传</translation>
    </message>
    <message>
        <source>&amp;Parallel requests:</source>
        <translation>并行请求数(&amp;P)：</translation>
    </message>
    <message>
        <source>Per s&amp;erver:</source>
        <translation>每服务器(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Chunk size:</source>
        <translation>分块大小(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Speed limit:</source>
        <translation>限速(&amp;S)：</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>When a &amp;batch finishes:</source>
        <translation>一批上传完成时(&amp;B)：</translation>
    </message>
    <message>
        <source>Closing &amp;while uploading:</source>
        <translation>上传时关闭窗口(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>A new language applies when Hoist starts again.</source>
        <translation>新的语言将在 Hoist 重新启动后生效。</translation>
    </message>
    <message>
        <source>1 h</source>
        <translation>1 小时</translation>
    </message>
    <message>
        <source>6 h</source>
        <translation>6 小时</translation>
    </message>
    <message>
        <source>24 h</source>
        <translation>24 小时</translation>
    </message>
    <message>
        <source>3 days</source>
        <translation>3 天</translation>
    </message>
    <message>
        <source>7 days</source>
        <translation>7 天</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>永不</translation>
    </message>
    <message>
        <source>Run a command</source>
        <translation>运行命令</translation>
    </message>
    <message>
        <source>Suspend the computer</source>
        <translation>挂起计算机</translation>
    </message>
    <message>
        <source>Shut down the computer</source>
        <translation>关闭计算机</translation>
    </message>
    <message>
        <source>A batch has finished when nothing is uploading or waiting any more. Suspending and shutting down wait 60 seconds, which can be cancelled. Quitting waits for all to succeed: with failures Hoist stays open and notifies, so that they can be seen.</source>
        <translation>当没有任何上传正在进行或等待时，一批上传即告完成。挂起和关机前会等待 60 秒，期间可以取消。退出要等全部成功：若有失败，Hoist 会保持打开并发出通知，以便查看。</translation>
    </message>
    <message>
        <source>e.g. notify-send Hoist &quot;$HOIST_FINISHED_COUNT uploaded&quot;</source>
        <translation>例如 notify-send Hoist &quot;已上传 $HOIST_FINISHED_COUNT 个&quot;</translation>
    </message>
    <message>
        <source>Run by /bin/sh. Its environment names the files: HOIST_FINISHED_COUNT and HOIST_FAILED_COUNT say how many; HOIST_FINISHED_LIST and HOIST_FAILED_LIST are files listing their paths, one a line. If it fails, Hoist says so.</source>
        <translation>由 /bin/sh 运行。其环境变量指明相关文件：HOIST_FINISHED_COUNT 和 HOIST_FAILED_COUNT 给出数量；HOIST_FINISHED_LIST 和 HOIST_FAILED_LIST 是列出其路径的文件，每行一个。命令失败时 Hoist 会提示。</translation>
    </message>
    <message>
        <source>&amp;Give up after:</source>
        <translation>放弃时限(&amp;G)：</translation>
    </message>
    <message>
        <source>Co&amp;mmand:</source>
        <translation>命令(&amp;M)：</translation>
    </message>
    <message>
        <source>Left out of folders</source>
        <translation>从文件夹中排除</translation>
    </message>
    <message>
        <source>Files and folders matching these are never uploaded from dropped or watched folders.</source>
        <translation>拖入或监视的文件夹中，匹配这些模式的文件和文件夹永远不会上传。</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <source>How many requests go at once, in all (the toolbar&apos;s “Parallel”).</source>
        <translation>总共同时进行多少个请求（即工具栏上的“并行”）。</translation>
    </message>
    <message>
        <source>While its server does not answer or keeps failing, an upload waits and tries again; it fails only after this long without progress (as --give-up-after). A server that says it will come back (its disk is full, it asks to wait) is waited for however long it takes</source>
        <translation>服务器无响应或持续出错时，上传会等待并重试；只有在没有进展这么久之后才失败（同 --give-up-after）。服务器表示会恢复的（磁盘已满、要求等待），无论多久都会等待</translation>
    </message>
</context>
<context>
    <name>SftpConnection</name>
    <message>
        <source>Cannot connect to %1: %2</source>
        <translation>无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>%1 refused an SFTP channel: %2</source>
        <translation>%1 拒绝了 SFTP 通道：%2</translation>
    </message>
    <message>
        <source>Connection to %1 lost: %2</source>
        <translation>与 %1 的连接已断开：%2</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>权限被拒绝</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>没有该文件或文件夹</translation>
    </message>
    <message>
        <source>it exists already</source>
        <translation>它已存在</translation>
    </message>
    <message>
        <source>the server&apos;s disk is read-only</source>
        <translation>服务器的磁盘为只读</translation>
    </message>
    <message>
        <source>the server failed (SFTP status %1)</source>
        <translation>服务器出错（SFTP 状态 %1）</translation>
    </message>
    <message>
        <source>%1 on %2: %3</source>
        <translation>在 %2 上%1：%3</translation>
    </message>
</context>
<context>
    <name>SftpFileUpload</name>
    <message>
        <source>%1 is a folder on the server</source>
        <translation>%1 在服务器上是一个文件夹</translation>
    </message>
    <message>
        <source>%1 exists on the server with another size or time; --if-exists overwrite or rename says what to do</source>
        <translation>%1 已存在于服务器上，但大小或时间不同；请用 --if-exists overwrite 或 rename 指定如何处理</translation>
    </message>
    <message>
        <source>Looking for %1</source>
        <translation>查找 %1</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Looking for the folder %1</source>
        <translation>查找文件夹 %1</translation>
    </message>
    <message>
        <source>Making the folder %1</source>
        <translation>创建文件夹 %1</translation>
    </message>
    <message>
        <source>Reading %1</source>
        <translation>读取 %1</translation>
    </message>
    <message>
        <source>Writing %1</source>
        <translation>写入 %1</translation>
    </message>
    <message>
        <source>Setting the time of %1</source>
        <translation>设置 %1 的时间</translation>
    </message>
    <message>
        <source>Setting the permissions of %1</source>
        <translation>设置 %1 的权限</translation>
    </message>
    <message>
        <source>%1 holds %2 bytes on the server instead of %3</source>
        <translation>%1 在服务器上有 %2 字节，而不是 %3</translation>
    </message>
    <message>
        <source>Finding a free name beside %1</source>
        <translation>在 %1 旁查找可用的名称</translation>
    </message>
    <message>
        <source>Renaming %1</source>
        <translation>重命名 %1</translation>
    </message>
</context>
<context>
    <name>SftpParallelTransfer</name>
    <message>
        <source>%1 was on the server already, of the same size and time</source>
        <translation>%1 已在服务器上，大小和时间相同</translation>
    </message>
    <message>
        <source>Stored as %1, of the file&apos;s size (SFTP servers report no checksum)</source>
        <translation>已存储为 %1，大小与文件一致（SFTP 服务器不提供校验和）</translation>
    </message>
</context>
<context>
    <name>SftpPartFile</name>
    <message>
        <source>Looking for %1</source>
        <translation>查找 %1</translation>
    </message>
    <message>
        <source>Writing %1</source>
        <translation>写入 %1</translation>
    </message>
</context>
<context>
    <name>SftpRangeUpload</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Reading %1</source>
        <translation>读取 %1</translation>
    </message>
    <message>
        <source>Writing %1</source>
        <translation>写入 %1</translation>
    </message>
</context>
<context>
    <name>SftpRangeWriter</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
</context>
<context>
    <name>SftpTarget</name>
    <message>
        <source>Not an sftp://USER@HOST/FOLDER address</source>
        <translation>不是 sftp://USER@HOST/FOLDER 形式的地址</translation>
    </message>
    <message>
        <source>The sftp:// address has no server name</source>
        <translation>sftp:// 地址中没有服务器名</translation>
    </message>
    <message>
        <source>The sftp:// address names no user: sftp://USER@%1/FOLDER</source>
        <translation>sftp:// 地址中未指定用户：sftp://USER@%1/FOLDER</translation>
    </message>
    <message>
        <source>Give no password in the sftp:// address: Hoist signs in with keys</source>
        <translation>请勿在 sftp:// 地址中写入密码：Hoist 使用密钥登录</translation>
    </message>
    <message>
        <source>The sftp:// folder must not contain &quot;..&quot;</source>
        <translation>sftp:// 文件夹中不能含有“..”</translation>
    </message>
</context>
<context>
    <name>SftpTargetDialog</name>
    <message>
        <source>SFTP server</source>
        <translation>SFTP 服务器</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>example.com or 192.0.2.7</source>
        <translation>example.com 或 192.0.2.7</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Remote folder</source>
        <translation>远程文件夹</translation>
    </message>
    <message>
        <source>~/uploads or /srv/uploads; empty: the home folder</source>
        <translation>~/uploads 或 /srv/uploads；留空：主文件夹</translation>
    </message>
    <message>
        <source>A folder not starting with / is under the user&apos;s home folder on the server. Missing folders are created.</source>
        <translation>不以 / 开头的文件夹位于服务器上该用户的主文件夹下。不存在的文件夹会被创建。</translation>
    </message>
    <message>
        <source>Key file</source>
        <translation>密钥文件</translation>
    </message>
    <message>
        <source>ssh-agent (no key in ~/.ssh)</source>
        <translation>ssh-agent（~/.ssh 中没有密钥）</translation>
    </message>
    <message>
        <source>ssh-agent, then %1</source>
        <translation>ssh-agent，然后 %1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Empty: ssh-agent&apos;s keys, then ~/.ssh/id_ed25519, id_ecdsa and id_rsa (as --ssh-identity). For every SFTP server.</source>
        <translation>留空：先用 ssh-agent 的密钥，再用 ~/.ssh/id_ed25519、id_ecdsa 和 id_rsa（同 --ssh-identity）。适用于所有 SFTP 服务器。</translation>
    </message>
    <message>
        <source>Known hosts file</source>
        <translation>已知主机文件</translation>
    </message>
    <message>
        <source>~/.ssh/known_hosts</source>
        <translation>~/.ssh/known_hosts</translation>
    </message>
    <message>
        <source>Where the servers&apos; host keys are checked, and a newly accepted one written (as --ssh-known-hosts). For every SFTP server.</source>
        <translation>用于核对服务器的主机密钥，新接受的主机密钥也写入其中（同 --ssh-known-hosts）。适用于所有 SFTP 服务器。</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <source>Choose a key file</source>
        <translation>选择密钥文件</translation>
    </message>
    <message>
        <source>Choose a known hosts file</source>
        <translation>选择已知主机文件</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>服务器(&amp;S)：</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>端口(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>用户(&amp;U)：</translation>
    </message>
    <message>
        <source>Remote &amp;folder:</source>
        <translation>远程文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Key file:</source>
        <translation>密钥文件(&amp;K)：</translation>
    </message>
    <message>
        <source>Known &amp;hosts:</source>
        <translation>已知主机(&amp;H)：</translation>
    </message>
    <message>
        <source>Files go to the folder on the server by the path the table shows: a dropped folder keeps its structure. Hoist signs in with ssh-agent&apos;s keys or a key file; the key and the known hosts serve every SFTP server.</source>
        <translation>文件按表格中显示的路径上传到服务器上的文件夹：拖入的文件夹保持其目录结构。Hoist 使用 ssh-agent 的密钥或密钥文件登录；密钥和已知主机适用于所有 SFTP 服务器。</translation>
    </message>
    <message>
        <source>Enter the server&apos;s name or address.</source>
        <translation>请输入服务器的名称或地址。</translation>
    </message>
    <message>
        <source>“%1” is not a server name: type the name or address alone (example.com, 192.0.2.7).</source>
        <translation>“%1”不是服务器名：请只输入名称或地址（example.com、192.0.2.7）。</translation>
    </message>
    <message>
        <source>“%1” is not a server name or address.</source>
        <translation>“%1”不是服务器名称或地址。</translation>
    </message>
    <message>
        <source>The port is a number from 1 to 65535 (empty: %1).</source>
        <translation>端口是 1 到 65535 之间的数字（留空：%1）。</translation>
    </message>
    <message>
        <source>Enter the user to sign in as.</source>
        <translation>请输入登录所用的用户名。</translation>
    </message>
    <message>
        <source>A user name holds no blank, /, \, @ or :.</source>
        <translation>用户名中不能含有空格、/、\、@ 或 :。</translation>
    </message>
    <message>
        <source>The remote folder must not contain “..”: name the folder itself.</source>
        <translation>远程文件夹中不能含有“..”：请直接写出该文件夹。</translation>
    </message>
    <message>
        <source>The remote folder has an empty name in it (“//”).</source>
        <translation>远程文件夹中含有空的名称（“//”）。</translation>
    </message>
    <message>
        <source>There is no key file %1.</source>
        <translation>密钥文件 %1 不存在。</translation>
    </message>
    <message>
        <source>%1 is not a file Hoist can read.</source>
        <translation>%1 不是 Hoist 能读取的文件。</translation>
    </message>
    <message>
        <source>%1 is the public key: choose the private key beside it (without .pub).</source>
        <translation>%1 是公钥：请选择它旁边的私钥（不带 .pub）。</translation>
    </message>
    <message>
        <source>%1 is a folder: name the known hosts file in it.</source>
        <translation>%1 是文件夹：请指定其中的已知主机文件。</translation>
    </message>
    <message>
        <source>The folder of %1 does not exist.</source>
        <translation>%1 所在的文件夹不存在。</translation>
    </message>
    <message>
        <source>Uploads go to %1</source>
        <translation>上传到 %1</translation>
    </message>
</context>
<context>
    <name>SftpTransfer</name>
    <message>
        <source>%1 was on the server already, of the same size and time</source>
        <translation>%1 已在服务器上，大小和时间相同</translation>
    </message>
    <message>
        <source>Stored as %1, of the file&apos;s size (SFTP servers report no checksum)</source>
        <translation>已存储为 %1，大小与文件一致（SFTP 服务器不提供校验和）</translation>
    </message>
    <message>
        <source>%1 was on the server already; left as it was, as answered</source>
        <translation>%1 已在服务器上；已按您的回答保持原样</translation>
    </message>
</context>
<context>
    <name>SpeedGraph</name>
    <message>
        <source>Upload speed graph</source>
        <translation>上传速度图</translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n 分钟前</numerusform>
        </translation>
    </message>
    <message>
        <source>now</source>
        <translation>现在</translation>
    </message>
    <message>
        <source>Total %1</source>
        <translation>总计 %1</translation>
    </message>
    <message>
        <source>Total: idle</source>
        <translation>总计：空闲</translation>
    </message>
    <message>
        <source>This upload %1</source>
        <translation>此上传 %1</translation>
    </message>
    <message>
        <source>This upload: not sending</source>
        <translation>此上传：未在发送</translation>
    </message>
</context>
<context>
    <name>SshAuth</name>
    <message>
        <source>The key file %1 does not exist</source>
        <translation>密钥文件 %1 不存在</translation>
    </message>
    <message>
        <source>No SSH key to sign in to %1 as %2 with: no ssh-agent, no key file (%3); give one with --ssh-identity FILE</source>
        <translation>没有可用于以 %2 身份登录 %1 的 SSH 密钥：没有 ssh-agent，也没有密钥文件（%3）；请用 --ssh-identity FILE 指定一个</translation>
    </message>
    <message>
        <source>%1 refused every key for %2: tried %3</source>
        <translation>%1 拒绝了 %2 的所有密钥：已尝试 %3</translation>
    </message>
    <message>
        <source> (%1 needs a passphrase: add it to ssh-agent with ssh-add)</source>
        <translation>（%1 需要口令：请用 ssh-add 将其添加到 ssh-agent）</translation>
    </message>
    <message>
        <source>The passphrase given for %1 does not open it</source>
        <translation>为 %1 提供的口令无法解锁该密钥</translation>
    </message>
    <message>
        <source>The key file %1 needs its passphrase to sign in to %2</source>
        <translation>密钥文件 %1 需要口令才能登录 %2</translation>
    </message>
    <message>
        <source>%1 refused the password for %2</source>
        <translation>%1 拒绝了 %2 的密码</translation>
    </message>
    <message>
        <source>%1 asks for the password of %2 to sign in</source>
        <translation>%1 要求输入 %2 的密码才能登录</translation>
    </message>
    <message>
        <source>%1 asks %2 to answer its sign-in prompts</source>
        <translation>%1 要求 %2 回答其登录提示</translation>
    </message>
    <message>
        <source>%1 refused the sign-in of %2</source>
        <translation>%1 拒绝了 %2 的登录</translation>
    </message>
    <message>
        <source>%1 refused the answers of %2 to its prompts</source>
        <translation>%1 拒绝了 %2 对其提示的回答</translation>
    </message>
    <message>
        <source>%1 takes no SSH key for %2, only a password: Hoist asks for one in its window only</source>
        <translation>%1 不接受 %2 的 SSH 密钥，只接受密码：Hoist 仅在窗口中询问密码</translation>
    </message>
    <message>
        <source> (it also takes a password: Hoist asks for one in its window only)</source>
        <translation>（它也接受密码：Hoist 仅在窗口中询问密码）</translation>
    </message>
</context>
<context>
    <name>SshHostKey</name>
    <message>
        <source>%1 showed no host key</source>
        <translation>%1 未出示主机密钥</translation>
    </message>
    <message>
        <source>The host key of %1 has changed: the server shows %2, %3 holds %4. Someone may be intercepting the connection; if the server&apos;s key was replaced, remove the old one with ssh-keygen -R &apos;%1&apos; -f %3</source>
        <translation>%1 的主机密钥已更改：服务器出示的是 %2，而 %3 中记录的是 %4。可能有人正在拦截连接；如果服务器的密钥确实已更换，请用 ssh-keygen -R &apos;%1&apos; -f %3 删除旧密钥</translation>
    </message>
    <message>
        <source>Cannot check the host key of %1 against %2: %3</source>
        <translation>无法对照 %2 检查 %1 的主机密钥：%3</translation>
    </message>
    <message>
        <source>The host key of %1 is not known (%2, %3). If that is the server&apos;s key, accept it with --ssh-accept-host-key %2</source>
        <translation>%1 的主机密钥未知（%2，%3）。如果这确实是该服务器的密钥，请用 --ssh-accept-host-key %2 接受它</translation>
    </message>
    <message>
        <source>The host key of %1 is not known (%2, %3): Hoist connects once it is trusted</source>
        <translation>%1 的主机密钥未知（%2，%3）：信任该密钥后 Hoist 才会连接</translation>
    </message>
</context>
<context>
    <name>SshHostKeyDialog</name>
    <message>
        <source>SSH host key changed</source>
        <translation>SSH 主机密钥已更改</translation>
    </message>
    <message>
        <source>Unknown SSH server</source>
        <translation>未知的 SSH 服务器</translation>
    </message>
    <message>
        <source>&lt;b&gt;The host key of %1 has changed&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 的主机密钥已更改&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Hoist has not connected to %1 before&lt;/b&gt;</source>
        <translation>&lt;b&gt;Hoist 以前从未连接过 %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>服务器：</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>端口：</translation>
    </message>
    <message>
        <source>Key type:</source>
        <translation>密钥类型：</translation>
    </message>
    <message>
        <source>Key shown now:</source>
        <translation>当前出示的密钥：</translation>
    </message>
    <message>
        <source>Fingerprint:</source>
        <translation>指纹：</translation>
    </message>
    <message>
        <source>Key known before:</source>
        <translation>之前已知的密钥：</translation>
    </message>
    <message>
        <source>another key</source>
        <translation>另一个密钥</translation>
    </message>
    <message>
        <source>Hoist does not connect: someone may be intercepting the connection. Ask the server&apos;s owner for its key&apos;s fingerprint. Only if the key was replaced on purpose, remove the old one and upload again:

ssh-keygen -R &apos;%1&apos; -f %2</source>
        <translation>Hoist 不会连接：可能有人正在拦截连接。请向服务器的所有者询问其密钥的指纹。只有在密钥确系有意更换时，才删除旧密钥并重新上传：

ssh-keygen -R &apos;%1&apos; -f %2</translation>
    </message>
    <message>
        <source>Compare the fingerprint with the one the server&apos;s owner gives you (on the server: ssh-keygen -lf on its host key). If they match, Hoist remembers the key in %1 and connects; the uploads waiting for it go on.</source>
        <translation>请将此指纹与服务器所有者提供的指纹进行比对（在服务器上对其主机密钥运行 ssh-keygen -lf）。如果一致，Hoist 会将该密钥记入 %1 并连接；等待它的上传将继续进行。</translation>
    </message>
    <message>
        <source>Connect and &amp;remember</source>
        <translation>连接并记住(&amp;R)</translation>
    </message>
</context>
<context>
    <name>SshPrompter</name>
    <message>
        <source>no keyring</source>
        <translation>没有密钥环</translation>
    </message>
</context>
<context>
    <name>SshRetry</name>
    <message>
        <source>Waiting for your answer: the host key of %1</source>
        <translation>等待您的答复：%1 的主机密钥</translation>
    </message>
    <message>
        <source>Waiting for your answer: the passphrase of %1</source>
        <translation>等待您的答复：%1 的密码短语</translation>
    </message>
    <message>
        <source>Waiting for your answer: the password of %1</source>
        <translation>等待您的答复：%1 的密码</translation>
    </message>
    <message>
        <source>Waiting for your answer: the sign-in prompts of %1</source>
        <translation>等待您的答复：%1 的登录提示</translation>
    </message>
    <message>
        <source>You refused the host key of %1 (%2): Retry asks again</source>
        <translation>您拒绝了 %1 的主机密钥（%2）：“重试”会再次询问</translation>
    </message>
    <message>
        <source>You gave no passphrase for %1: Retry asks again</source>
        <translation>您未提供 %1 的密码短语：“重试”会再次询问</translation>
    </message>
    <message>
        <source>You gave no password for %1: Retry asks again</source>
        <translation>您未提供 %1 的密码：“重试”会再次询问</translation>
    </message>
    <message>
        <source>You did not answer the sign-in prompts of %1: Retry asks again</source>
        <translation>您未回答 %1 的登录提示：“重试”会再次询问</translation>
    </message>
</context>
<context>
    <name>SshSecretDialog</name>
    <message>
        <source>Key passphrase</source>
        <translation>密钥口令</translation>
    </message>
    <message>
        <source>The key file &lt;b&gt;%1&lt;/b&gt; is locked with a passphrase. Hoist needs it to sign in to %2.</source>
        <translation>密钥文件 &lt;b&gt;%1&lt;/b&gt; 已用口令锁定。Hoist 需要该口令才能登录 %2。</translation>
    </message>
    <message>
        <source>Passphrase:</source>
        <translation>口令：</translation>
    </message>
    <message>
        <source>SSH password</source>
        <translation>SSH 密码</translation>
    </message>
    <message>
        <source>Password for &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 的密码</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>密码：</translation>
    </message>
    <message>
        <source>SSH sign-in</source>
        <translation>SSH 登录</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; asks:</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 询问：</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; asks (%2):</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 询问（%2）：</translation>
    </message>
    <message>
        <source>The last answer given was refused; try again.</source>
        <translation>上次给出的回答被拒绝；请重试。</translation>
    </message>
    <message>
        <source>Remember in the &amp;keyring</source>
        <translation>保存到密钥环(&amp;K)</translation>
    </message>
    <message>
        <source>Kept in the system keyring, never in a plain file</source>
        <translation>保存在系统密钥环中，绝不写入明文文件</translation>
    </message>
    <message>
        <source>Can&apos;t be remembered: %1. Hoist keeps it until it quits.</source>
        <translation>无法记住：%1。Hoist 会保留它直到退出。</translation>
    </message>
    <message>
        <source>&amp;Sign in</source>
        <translation>登录(&amp;S)</translation>
    </message>
</context>
<context>
    <name>StatusTotals</name>
    <message>
        <source>%1 uploading</source>
        <translation>%1 个上传中</translation>
    </message>
    <message>
        <source>%1 waiting</source>
        <translation>%1 个等待中</translation>
    </message>
    <message>
        <source>%1 paused</source>
        <translation>%1 个已暂停</translation>
    </message>
    <message>
        <source>%1 done</source>
        <translation>%1 个已完成</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 个失败</translation>
    </message>
    <message>
        <source>No uploads</source>
        <translation>没有上传</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
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
        <translation>在文件夹中显示</translation>
    </message>
    <message>
        <source>Remove from this computer…</source>
        <translation>从本机删除…</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>以及其他 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove from this computer</source>
        <translation>从本机删除</translation>
    </message>
    <message>
        <source>Delete from this computer:

%1

Hoist&apos;s copy and the file under its own name go; the original you uploaded stays.</source>
        <translation>从本机删除：

%1

Hoist 保存的副本和以原名保存的文件都会删除；你上传的原始文件保留不动。</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n from this computer…</source>
        <translation>
            <numerusform>从本机删除 %n 个…</numerusform>
        </translation>
    </message>
    <message>
        <source>This computer keeps no file under that name any more.</source>
        <translation>本机已不再保存该名称的文件。</translation>
    </message>
    <message>
        <source>Copy URL</source>
        <translation>复制 URL</translation>
    </message>
    <message>
        <source>The address on Hoist&apos;s own server, which opens on this computer only</source>
        <translation>Hoist 自带服务器上的地址，只能在本机打开</translation>
    </message>
    <message>
        <source>Copy URLs</source>
        <translation>复制 URL</translation>
    </message>
    <message>
        <source>No file manager could open the folder. The file is in:
%1</source>
        <translation>没有文件管理器能打开该文件夹。文件位于：
%1</translation>
    </message>
</context>
<context>
    <name>TargetSettingsGroup</name>
    <message>
        <source>SFTP and WebDAV servers</source>
        <translation>SFTP 和 WebDAV 服务器</translation>
    </message>
    <message>
        <source>Overwrite it</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>Skip it if of the same size and time</source>
        <translation>大小和时间相同时跳过</translation>
    </message>
    <message>
        <source>Upload beside it as “NAME (2)”</source>
        <translation>以“NAME (2)”上传到其旁边</translation>
    </message>
    <message>
        <source>Ask each time</source>
        <translation>每次询问</translation>
    </message>
    <message>
        <source>What an upload does when the server has a file of its name already (as --if-exists). Skip: over SFTP a file of the same size and modification time is left as it is and a different one fails, saying so; over WebDAV any file there is left. Ask: one question at a time, naming the file, with “Do the same for the rest”. tus and S3 uploads always replace.</source>
        <translation>上传时服务器上已有同名文件的处理方式（同 --if-exists）。跳过：通过 SFTP 时，大小和修改时间相同的文件保持原样，不同的则上传失败并给出说明；通过 WebDAV 时，已有的任何文件都保持原样。询问：一次询问一个文件，指明文件名，并提供“其余文件也照此处理”。tus 和 S3 上传总是替换。</translation>
    </message>
    <message>
        <source>The permissions of uploaded files on SFTP servers, in octal as chmod takes them (0644: the owner writes, all read)</source>
        <translation>上传到 SFTP 服务器的文件的权限，以 chmod 接受的八进制表示（0644：所有者可写，所有人可读）</translation>
    </message>
    <message>
        <source>The permissions of folders Hoist makes on SFTP servers, in octal (0755: the owner writes, all read and enter)</source>
        <translation>Hoist 在 SFTP 服务器上创建的文件夹的权限，以八进制表示（0755：所有者可写，所有人可读取和进入）</translation>
    </message>
    <message>
        <source>When the file is already &amp;there:</source>
        <translation>文件已存在时(&amp;T)：</translation>
    </message>
    <message>
        <source>New &amp;files&apos; permissions (SFTP):</source>
        <translation>新文件的权限（SFTP）(&amp;F)：</translation>
    </message>
    <message>
        <source>New f&amp;olders&apos; permissions (SFTP):</source>
        <translation>新文件夹的权限（SFTP）(&amp;O)：</translation>
    </message>
    <message>
        <source>“%1” is not a mode: up to four octal digits, at most 0777, as chmod takes them (0644, 755).</source>
        <translation>“%1”不是有效的权限模式：最多四位八进制数字，最大 0777，按 chmod 接受的格式（0644、755）。</translation>
    </message>
</context>
<context>
    <name>TaskDriver</name>
    <message>
        <source>The server no longer had this upload; starting it again.</source>
        <translation>服务器上已没有此上传，正在重新开始。</translation>
    </message>
</context>
<context>
    <name>TaskPreparer</name>
    <message>
        <source>The file changed since it was queued; nothing more was sent. Retry uploads it anew.</source>
        <translation>文件在加入队列后被更改，未再发送任何内容。重试将重新上传整个文件。</translation>
    </message>
    <message>
        <source>The file is gone since it was queued.</source>
        <translation>文件在加入队列后已不存在。</translation>
    </message>
    <message>
        <source>The file changed while uploading: %1 Nothing was sent.</source>
        <translation>文件在上传过程中被更改：%1 未发送任何内容。</translation>
    </message>
</context>
<context>
    <name>TaskRunner</name>
    <message>
        <source>The queue could not be saved (%1); this upload may not survive a crash.</source>
        <translation>无法保存队列（%1）；程序崩溃后此上传可能丢失。</translation>
    </message>
</context>
<context>
    <name>TaskStore</name>
    <message>
        <source>The task store in %1 is already open.</source>
        <translation>%1 中的任务存储已被打开。</translation>
    </message>
    <message>
        <source>Cannot create the directory %1.</source>
        <translation>无法创建目录 %1。</translation>
    </message>
    <message>
        <source>The task database %1 is unreadable (%2) and could not be moved aside: %3</source>
        <translation>任务数据库 %1 无法读取（%2），且无法移到一旁：%3</translation>
    </message>
    <message>
        <source>The task database %1 was unreadable (%2). It was moved to %3 and an empty queue started.</source>
        <translation>任务数据库 %1 无法读取（%2）。已将其移到 %3，并启用一个空队列。</translation>
    </message>
    <message>
        <source>Cannot start a new task database in %1: %2</source>
        <translation>无法在 %1 中新建任务数据库：%2</translation>
    </message>
    <message>
        <source>Another Hoist is using %1.</source>
        <translation>另一个 Hoist 正在使用 %1。</translation>
    </message>
    <message>
        <source>Another Hoist (pid %1 on %2) is using %3.</source>
        <translation>另一个 Hoist（%2 上的进程 %1）正在使用 %3。</translation>
    </message>
    <message>
        <source>Another Hoist (pid %1) is using %2.</source>
        <translation>另一个 Hoist（进程 %1）正在使用 %2。</translation>
    </message>
    <message>
        <source>Cannot create the lock file in %1: permission denied.</source>
        <translation>无法在 %1 中创建锁文件：权限不足。</translation>
    </message>
    <message>
        <source>Cannot lock %1.</source>
        <translation>无法锁定 %1。</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>quick_check: %1</source>
        <translation>quick_check：%1</translation>
    </message>
    <message>
        <source>no schema version</source>
        <translation>没有架构版本</translation>
    </message>
    <message>
        <source>The task database %1 was written by a newer Hoist (schema %2; this one reads %3).</source>
        <translation>任务数据库 %1 由更新版本的 Hoist 写入（架构 %2；此版本只能读取 %3）。</translation>
    </message>
    <message>
        <source>a journal without its database</source>
        <translation>日志文件存在但其数据库缺失</translation>
    </message>
    <message>
        <source>Cannot bring the task database up to schema %1: %2</source>
        <translation>无法将任务数据库升级到架构 %1：%2</translation>
    </message>
    <message>
        <source>cannot rename %1 to %2</source>
        <translation>无法将 %1 重命名为 %2</translation>
    </message>
    <message>
        <source>cannot move %1 out of the way</source>
        <translation>无法将 %1 移开</translation>
    </message>
    <message>
        <source>the task store is not open</source>
        <translation>任务存储未打开</translation>
    </message>
    <message>
        <source>Could not save the upload queue: the task store is not open.</source>
        <translation>无法保存上传队列：任务存储未打开。</translation>
    </message>
    <message>
        <source>Could not save the upload queue in %1: %2</source>
        <translation>无法在 %1 中保存上传队列：%2</translation>
    </message>
    <message>
        <source>disk full</source>
        <translation>磁盘已满</translation>
    </message>
    <message>
        <source>Could not save the upload URL of task %1 in %2.</source>
        <translation>无法在 %2 中保存任务 %1 的上传地址。</translation>
    </message>
</context>
<context>
    <name>TimeLeftLabel</name>
    <message>
        <source>Less than a minute left</source>
        <translation>剩余不到 1 分钟</translation>
    </message>
    <message>
        <source>About %1 min left</source>
        <translation>剩余约 %1 分钟</translation>
    </message>
    <message>
        <source>About %1 h left</source>
        <translation>剩余约 %1 小时</translation>
    </message>
    <message>
        <source>About %1 h %2 min left</source>
        <translation>剩余约 %1 小时 %2 分钟</translation>
    </message>
    <message>
        <source>About %1 days left</source>
        <translation>剩余约 %1 天</translation>
    </message>
    <message numerus="yes">
        <source>%1 (all %n uploads)</source>
        <translation>
            <numerusform>%1（全部 %n 个上传）</numerusform>
        </translation>
    </message>
    <message>
        <source>What the uploading and waiting uploads still have to send (%1), at the speed of all of them together (%2, smoothed). A row&apos;s Time left is that upload alone at its own speed.</source>
        <translation>上传中和等待中的上传还需发送的量（%1），按它们合计的速度（%2，已平滑）计算。各行的“剩余时间”则只按该上传自身的速度计算。</translation>
    </message>
    <message>
        <source>&lt; 1 min left</source>
        <translation>剩余不到 1 分钟</translation>
    </message>
    <message>
        <source>%1 min left</source>
        <translation>剩余 %1 分钟</translation>
    </message>
    <message>
        <source>%1 h left</source>
        <translation>剩余 %1 小时</translation>
    </message>
    <message>
        <source>%1 h %2 min left</source>
        <translation>剩余 %1 小时 %2 分钟</translation>
    </message>
    <message>
        <source>%1 days left</source>
        <translation>剩余 %1 天</translation>
    </message>
</context>
<context>
    <name>TokenControl</name>
    <message>
        <source>Token…</source>
        <translation>令牌…</translation>
    </message>
    <message>
        <source>The keyring did not keep the token for %1 (%2); Hoist keeps it until it quits.</source>
        <translation>密钥环未能保存 %1 的令牌（%2）；Hoist 会保留它直到退出。</translation>
    </message>
    <message>
        <source>Hoist&apos;s own server on this computer needs no token</source>
        <translation>本机上 Hoist 自带的服务器不需要令牌</translation>
    </message>
    <message>
        <source>Set a server address first</source>
        <translation>请先设置服务器地址</translation>
    </message>
    <message>
        <source>No token set for this server. Click to give one.</source>
        <translation>此服务器未设置令牌。点击以设置。</translation>
    </message>
    <message>
        <source>A token is set for this server and remembered on this computer.</source>
        <translation>已为此服务器设置令牌，并保存在本机。</translation>
    </message>
    <message>
        <source>A token is set for this server, for this session only.</source>
        <translation>已为此服务器设置令牌，仅用于本次会话。</translation>
    </message>
    <message>
        <source>%1 refused the token (HTTP 401).</source>
        <translation>%1 拒绝了令牌 (HTTP 401)。</translation>
    </message>
    <message>
        <source>%1 wants a token (HTTP 401).</source>
        <translation>%1 需要令牌 (HTTP 401)。</translation>
    </message>
    <message>
        <source>An S3 bucket takes keys, not a token: see “S3 bucket…”</source>
        <translation>S3 存储桶使用密钥而非令牌：请见“S3 存储桶…”</translation>
    </message>
    <message>
        <source>Token… (%1): %2</source>
        <translation>令牌…（%1）：%2</translation>
    </message>
    <message numerus="yes">
        <source>Retrying %n upload(s) to %1 with the new token.</source>
        <translation>
            <numerusform>正在用新令牌重试发往 %1 的 %n 个上传。</numerusform>
        </translation>
    </message>
    <message>
        <source>Set it with the key button in the Server field (%1); its refused uploads start again.</source>
        <translation>请用“服务器”栏中的钥匙按钮设置令牌（%1）；被拒绝的上传将重新开始。</translation>
    </message>
    <message>
        <source>Choose that server, then set its token with the key button in the Server field (%1).</source>
        <translation>请选择该服务器，然后用“服务器”栏中的钥匙按钮设置其令牌（%1）。</translation>
    </message>
</context>
<context>
    <name>TokenDialog</name>
    <message>
        <source>Token for %1</source>
        <translation>%1 的令牌</translation>
    </message>
    <message>
        <source>Token for &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 的令牌</translation>
    </message>
    <message>
        <source>Uploads to this server only send it, as “Authorization: Bearer …”.</source>
        <translation>只有上传到此服务器时才会发送它，格式为“Authorization: Bearer …”。</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>令牌</translation>
    </message>
    <message>
        <source>&amp;Remember on this computer</source>
        <translation>在本机记住(&amp;R)</translation>
    </message>
    <message>
        <source>Kept in the system keyring, never in a plain file</source>
        <translation>保存在系统密钥环中，绝不写入明文文件</translation>
    </message>
    <message>
        <source>C&amp;lear token</source>
        <translation>清除令牌(&amp;L)</translation>
    </message>
    <message>
        <source>Send no token to this server; the keyring forgets it</source>
        <translation>不再向此服务器发送令牌；密钥环中的也会删除</translation>
    </message>
    <message>
        <source>A token is set; type a new one to replace it</source>
        <translation>已设置令牌；输入新令牌即可替换</translation>
    </message>
    <message>
        <source>Paste the token</source>
        <translation>粘贴令牌</translation>
    </message>
    <message>
        <source>That is not a token: it holds spaces, line breaks or other characters a request header cannot carry.</source>
        <translation>这不是有效的令牌：其中含有空格、换行或请求标头无法携带的其他字符。</translation>
    </message>
    <message>
        <source>Can&apos;t be remembered: no keyring. Hoist keeps the token until it quits.</source>
        <translation>无法记住：没有密钥环。Hoist 会保留令牌直到退出。</translation>
    </message>
    <message>
        <source>Looking in the keyring…</source>
        <translation>正在查找密钥环…</translation>
    </message>
    <message>
        <source>A token is set and remembered on this computer.</source>
        <translation>已设置令牌，并保存在本机。</translation>
    </message>
    <message>
        <source>A token is set for this session only.</source>
        <translation>已设置令牌，仅用于本次会话。</translation>
    </message>
    <message>
        <source>No token set: uploads to this server send none.</source>
        <translation>未设置令牌：上传到此服务器时不发送令牌。</translation>
    </message>
</context>
<context>
    <name>TokenKeeper</name>
    <message>
        <source>no keyring</source>
        <translation>没有密钥环</translation>
    </message>
</context>
<context>
    <name>TransferFile</name>
    <message>
        <source>Cannot read &apos;%1&apos;: %2.</source>
        <translation>无法读取“%1”：%2。</translation>
    </message>
    <message>
        <source>Reading &apos;%1&apos; stalled: its file system did not answer for %2 s.</source>
        <translation>读取“%1”停滞：其文件系统 %2 秒内没有响应。</translation>
    </message>
    <message>
        <source>Cannot read &apos;%1&apos; while uploading it: %2.</source>
        <translation>上传“%1”时无法读取：%2。</translation>
    </message>
    <message>
        <source>Could not read &apos;%1&apos; to compute its checksum.</source>
        <translation>无法读取“%1”以计算校验和。</translation>
    </message>
    <message>
        <source>Cannot read &apos;%1&apos; to compute its checksum: %2.</source>
        <translation>无法读取“%1”以计算校验和：%2。</translation>
    </message>
</context>
<context>
    <name>TransferSchedule</name>
    <message>
        <source>Full speed</source>
        <translation>全速</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>unknown days &quot;%1&quot; (write Mon…Sun, a range such as Mon-Fri, a list such as Sat,Sun, or *)</source>
        <translation>未知的星期“%1”（请写 Mon…Sun、Mon-Fri 这样的范围、Sat,Sun 这样的列表，或 *）</translation>
    </message>
    <message>
        <source>hours &quot;%1&quot; must be FROM-TO in whole hours from 0 to 24, such as 09-17 or 23-07</source>
        <translation>小时“%1”必须是 FROM-TO 形式、0 到 24 之间的整点，例如 09-17 或 23-07</translation>
    </message>
    <message>
        <source>says no mode: end it with full, paused or limit RATE</source>
        <translation>没有指定模式：请以 full、paused 或 limit RATE 结尾</translation>
    </message>
    <message>
        <source>limit needs a rate, such as limit 2M or limit 512K</source>
        <translation>limit 需要速率，例如 limit 2M 或 limit 512K</translation>
    </message>
    <message>
        <source>limit needs a rate such as 2M, 512K or 1048576 (bytes per second), at least 1K</source>
        <translation>limit 需要 2M、512K 或 1048576 这样的速率（字节/秒），至少 1K</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a mode: write full, paused or limit RATE</source>
        <translation>“%1”不是模式：请写 full、paused 或 limit RATE</translation>
    </message>
    <message>
        <source>unexpected &quot;%1&quot; after the mode</source>
        <translation>模式后出现意外的“%1”</translation>
    </message>
</context>
<context>
    <name>TrayIcon</name>
    <message>
        <source>Pause all</source>
        <translation>全部暂停</translation>
    </message>
    <message>
        <source>Resume all</source>
        <translation>全部继续</translation>
    </message>
    <message>
        <source>Show Hoist</source>
        <translation>显示 Hoist</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>Uploads not finished go on when Hoist starts again</source>
        <translation>未完成的上传会在 Hoist 再次启动时继续</translation>
    </message>
    <message>
        <source>%1 uploading</source>
        <translation>%1 个上传中</translation>
    </message>
    <message>
        <source>%1 waiting</source>
        <translation>%1 个等待中</translation>
    </message>
    <message>
        <source>%1 paused</source>
        <translation>%1 个已暂停</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 个失败</translation>
    </message>
    <message>
        <source>all uploads done</source>
        <translation>全部上传已完成</translation>
    </message>
    <message>
        <source>no uploads</source>
        <translation>没有上传</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
</context>
<context>
    <name>TrayPolicyMenu</name>
    <message>
        <source>Watch folders…</source>
        <translation>监视文件夹…</translation>
    </message>
    <message>
        <source>Rule in force: %1</source>
        <translation>当前规则：%1</translation>
    </message>
    <message>
        <source>Back to schedule</source>
        <translation>回到计划</translation>
    </message>
    <message>
        <source>Back to schedule (%1)</source>
        <translation>回到计划（%1）</translation>
    </message>
    <message>
        <source>Full speed for 1 hour</source>
        <translation>全速 1 小时</translation>
    </message>
    <message>
        <source>Resume watching</source>
        <translation>继续监视</translation>
    </message>
    <message>
        <source>Pause watching</source>
        <translation>暂停监视</translation>
    </message>
</context>
<context>
    <name>TusAnswer</name>
    <message>
        <source>The server did not say where the upload is (no Location in its HTTP %1 answer).</source>
        <translation>服务器没有告知上传的位置（其 HTTP %1 应答中没有 Location）。</translation>
    </message>
    <message>
        <source>The server gave an unusable upload address. %1</source>
        <translation>服务器给出的上传地址无法使用。%1</translation>
    </message>
    <message>
        <source>The server&apos;s answer to creating the upload is not tus (Upload-Offset &apos;%1&apos; after sending %2 bytes).</source>
        <translation>服务器对创建上传的应答不符合 tus（发送 %2 字节后 Upload-Offset 为“%1”）。</translation>
    </message>
    <message>
        <source>The server&apos;s answer about the upload is not tus (Upload-Offset &apos;%1&apos; for an upload of %2 bytes).</source>
        <translation>服务器关于该上传的应答不符合 tus（%2 字节的上传，Upload-Offset 为“%1”）。</translation>
    </message>
    <message>
        <source>The server&apos;s answer is not tus: Upload-Offset &apos;%1&apos; after sending bytes %2 to %3.</source>
        <translation>服务器的应答不符合 tus：发送第 %2 到 %3 字节后 Upload-Offset 为“%1”。</translation>
    </message>
    <message>
        <source>The server accepted none of the %1 bytes sent.</source>
        <translation>服务器没有接受已发送的 %1 字节中的任何一个。</translation>
    </message>
</context>
<context>
    <name>TusDiscovery</name>
    <message>
        <source>asking the server what it supports</source>
        <translation>询问服务器支持的功能</translation>
    </message>
    <message>
        <source>The server speaks tus %1, not 1.0.0.</source>
        <translation>服务器使用的是 tus %1，而不是 1.0.0。</translation>
    </message>
</context>
<context>
    <name>TusHttp</name>
    <message>
        <source>No server address is set.</source>
        <translation>未设置服务器地址。</translation>
    </message>
    <message>
        <source>The server address &apos;%1&apos; is not a valid URL.</source>
        <translation>服务器地址“%1”不是有效的 URL。</translation>
    </message>
    <message>
        <source>The server address &apos;%1&apos; must start with http:// or https://.</source>
        <translation>服务器地址“%1”必须以 http:// 或 https:// 开头。</translation>
    </message>
    <message>
        <source>The server address &apos;%1&apos; has no host name.</source>
        <translation>服务器地址“%1”中没有主机名。</translation>
    </message>
    <message>
        <source>Connection refused by %1</source>
        <translation>%1 拒绝连接</translation>
    </message>
    <message>
        <source>No server called %1 was found</source>
        <translation>找不到名为 %1 的服务器</translation>
    </message>
    <message>
        <source>%1 closed the connection</source>
        <translation>%1 关闭了连接</translation>
    </message>
    <message>
        <source>No answer from %1 in time</source>
        <translation>%1 未及时应答</translation>
    </message>
    <message>
        <source>No secure connection to %1: %2</source>
        <translation>无法与 %1 建立安全连接：%2</translation>
    </message>
    <message>
        <source>Cannot use this address: %1</source>
        <translation>无法使用此地址：%1</translation>
    </message>
    <message>
        <source>%1 answered with something that is not valid HTTP</source>
        <translation>%1 的应答不是有效的 HTTP</translation>
    </message>
    <message>
        <source>Network error with %1: %2</source>
        <translation>与 %1 通信时出现网络错误：%2</translation>
    </message>
    <message>
        <source>While %1 (%2): %3</source>
        <translation>在%1时（%2）：%3</translation>
    </message>
    <message>
        <source>The server refused the upload as too large (HTTP 413)%1</source>
        <translation>服务器以文件过大为由拒绝了上传 (HTTP 413)%1</translation>
    </message>
    <message>
        <source>The server disagreed about the upload offset (HTTP 409)%1</source>
        <translation>服务器与本地的上传偏移量不一致 (HTTP 409)%1</translation>
    </message>
    <message>
        <source>The upload is locked by another request (HTTP 423)%1</source>
        <translation>此上传被另一个请求锁定 (HTTP 423)%1</translation>
    </message>
    <message>
        <source>The server asks to slow down (HTTP 429)%1</source>
        <translation>服务器要求放慢速度 (HTTP 429)%1</translation>
    </message>
    <message>
        <source>checksum mismatch: the server received different bytes than were sent (HTTP 460)%1</source>
        <translation>校验和不匹配：服务器收到的字节与发送的不同 (HTTP 460)%1</translation>
    </message>
    <message>
        <source>The server refused authorisation (HTTP 401); check the token set for this server%1</source>
        <translation>服务器拒绝授权 (HTTP 401)；请检查为此服务器设置的令牌%1</translation>
    </message>
    <message>
        <source>The server refused access (HTTP 403); this token may not upload there%1</source>
        <translation>服务器拒绝访问 (HTTP 403)；此令牌无权上传到该处%1</translation>
    </message>
    <message>
        <source>Server error at %1 (HTTP %2)%3</source>
        <translation>%1 服务器出错 (HTTP %2)%3</translation>
    </message>
    <message>
        <source>The server refused the upload (HTTP %1)%2</source>
        <translation>服务器拒绝了上传 (HTTP %1)%2</translation>
    </message>
    <message>
        <source>The server redirected the request while %1 (HTTP %2); set the server address to the final one.</source>
        <translation>服务器在%1时重定向了请求 (HTTP %2)；请将服务器地址设为最终地址。</translation>
    </message>
    <message>
        <source>The server redirected the request while %1 (HTTP %2) to %3; set the server address to the final one.</source>
        <translation>服务器在%1时将请求重定向到 %3 (HTTP %2)；请将服务器地址设为最终地址。</translation>
    </message>
    <message>
        <source>Unexpected answer from the server while %1 (HTTP %2)%3</source>
        <translation>服务器在%1时给出了意外的应答 (HTTP %2)%3</translation>
    </message>
    <message>
        <source>While %1 (%2): HTTP %3</source>
        <translation>在%1时（%2）：HTTP %3</translation>
    </message>
    <message>
        <source>The disk of %1 is full (HTTP 507)%2</source>
        <translation>%1 的磁盘已满（HTTP 507）%2</translation>
    </message>
</context>
<context>
    <name>TusInstantProof</name>
    <message>
        <source>proving the file is held</source>
        <translation>证明持有该文件</translation>
    </message>
    <message>
        <source>The server&apos;s answer to a proof is not 0 or the file&apos;s size (%1) but Upload-Offset &apos;%2&apos;.</source>
        <translation>服务器对证明的应答既不是 0 也不是文件大小（%1），而是 Upload-Offset“%2”。</translation>
    </message>
</context>
<context>
    <name>TusParallelTransfer</name>
    <message>
        <source>joining the parts</source>
        <translation>合并各部分</translation>
    </message>
    <message>
        <source>The server did not say where the joined upload is (Location &apos;%1&apos;).</source>
        <translation>服务器未告知合并后的上传位置（Location“%1”）。</translation>
    </message>
    <message>
        <source>The server joined the parts into an upload of Upload-Offset &apos;%1&apos;, not %2 bytes.</source>
        <translation>服务器合并各部分后的上传 Upload-Offset 为“%1”，而不是 %2 字节。</translation>
    </message>
</context>
<context>
    <name>TusRequestWatch</name>
    <message>
        <source>The upload stalled: no progress for %1 s.</source>
        <translation>上传停滞：%1 秒内没有进展。</translation>
    </message>
</context>
<context>
    <name>TusTransfer</name>
    <message>
        <source>The file changed while uploading: %1 got shorter.</source>
        <translation>文件在上传过程中被更改：%1 变短了。</translation>
    </message>
    <message>
        <source>creating the upload</source>
        <translation>创建上传</translation>
    </message>
    <message>
        <source>asking the server for the upload&apos;s offset</source>
        <translation>向服务器查询上传的偏移量</translation>
    </message>
    <message>
        <source>The server lost the upload it had just created.</source>
        <translation>服务器丢失了刚刚创建的上传。</translation>
    </message>
    <message>
        <source>sending bytes %1 to %2</source>
        <translation>发送第 %1 到 %2 字节</translation>
    </message>
    <message>
        <source>%1 is too large for this server: it is %2 (%3 bytes), the server accepts at most %4 (%5 bytes).</source>
        <translation>%1 对此服务器过大：它有 %2（%3 字节），而服务器最多接受 %4（%5 字节）。</translation>
    </message>
</context>
<context>
    <name>TusVerification</name>
    <message>
        <source>The server&apos;s copy differs from this file: &apos;%1&apos; was sent whole, but what the server stored has another SHA-256. Retry sends it again.</source>
        <translation>服务器上的副本与此文件不同：“%1”已完整发送，但服务器所存内容的 SHA-256 不同。重试将重新发送。</translation>
    </message>
    <message>
        <source>SHA-256 of the server&apos;s copy %1, of the file %2</source>
        <translation>服务器副本的 SHA-256 为 %1，文件的为 %2</translation>
    </message>
    <message>
        <source>Every request was checked by the server (tus checksum extension).</source>
        <translation>每个请求都经过服务器校验（tus checksum 扩展）。</translation>
    </message>
    <message>
        <source>Not verified: the server did not name its copy&apos;s SHA-256.</source>
        <translation>未校验：服务器未给出其副本的 SHA-256。</translation>
    </message>
    <message>
        <source>Not verified: this server offers no way to check its copy (no tus checksum extension).</source>
        <translation>未校验：此服务器无法校验其副本（不支持 tus checksum 扩展）。</translation>
    </message>
    <message>
        <source>Not verified: the file could not be read again to compare (%1).</source>
        <translation>未校验：无法再次读取文件进行比较（%1）。</translation>
    </message>
    <message>
        <source>The server&apos;s whole copy has this file&apos;s SHA-256 (%1…).</source>
        <translation>服务器上的完整副本与此文件的 SHA-256 一致（%1…）。</translation>
    </message>
</context>
<context>
    <name>UploadLedger</name>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>Cannot open the list of watched uploads: %1</source>
        <translation>无法打开监视上传的记录：%1</translation>
    </message>
    <message>
        <source>Cannot note a watched upload: %1</source>
        <translation>无法记录监视的上传：%1</translation>
    </message>
</context>
<context>
    <name>UploadScheduler</name>
    <message>
        <source>Reading the file…</source>
        <translation>正在读取文件…</translation>
    </message>
</context>
<context>
    <name>UploadTableModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Chunks</source>
        <translation>分块</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>剩余时间</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1，%2后</translation>
    </message>
    <message>
        <source>Retrying in %1</source>
        <translation>%1后重试</translation>
    </message>
    <message>
        <source>Reconnecting (try %1)</source>
        <translation>正在重新连接（第 %1 次）</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Hashing %1%</source>
        <translation>正在计算哈希 %1%</translation>
    </message>
    <message>
        <source>Uploading</source>
        <translation>上传中</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>Done (instant)</source>
        <translation>已完成（秒传）</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>%1 uploaded</source>
        <translation>已上传 %1</translation>
    </message>
    <message>
        <source>Buttons: pause, cancel</source>
        <translation>按钮：暂停、取消</translation>
    </message>
    <message>
        <source>Buttons: resume, cancel</source>
        <translation>按钮：继续、取消</translation>
    </message>
    <message>
        <source>Buttons: retry, cancel</source>
        <translation>按钮：重试、取消</translation>
    </message>
    <message>
        <source>No buttons</source>
        <translation>无按钮</translation>
    </message>
    <message>
        <source>%1 of %2 chunks of %3 done</source>
        <translation>%1/%2 个分块已完成（每块 %3）</translation>
    </message>
    <message>
        <source>, %1 in flight</source>
        <translation>，%1 个传输中</translation>
    </message>
    <message>
        <source>, %1 failed</source>
        <translation>，%1 个失败</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>添加时间</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>完成时间</translation>
    </message>
    <message>
        <source>Added %1</source>
        <translation>添加于 %1</translation>
    </message>
    <message>
        <source>Failed %1</source>
        <translation>失败于 %1</translation>
    </message>
    <message>
        <source>Finished %1</source>
        <translation>完成于 %1</translation>
    </message>
    <message>
        <source>Done (instant) · verified</source>
        <translation>已完成（秒传）· 已校验</translation>
    </message>
    <message>
        <source>Done · verified</source>
        <translation>已完成 · 已校验</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
</context>
<context>
    <name>WatchService</name>
    <message numerus="yes">
        <source>Watching %n folder(s)</source>
        <translation>
            <numerusform>正在监视 %n 个文件夹</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n scanned every %1 s (too many folders for inotify)</source>
        <translation>
            <numerusform>%n 个每 %1 秒扫描一次（文件夹过多，超出 inotify 限制）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n missing</source>
        <translation>
            <numerusform>%n 个不存在</numerusform>
        </translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
</context>
<context>
    <name>WatchStatusButton</name>
    <message>
        <source>Watch folders…</source>
        <translation>监视文件夹…</translation>
    </message>
    <message>
        <source>Watched folders (Ctrl+Shift+W)</source>
        <translation>监视的文件夹（Ctrl+Shift+W）</translation>
    </message>
    <message>
        <source>%1: too many subfolders for inotify&apos;s watches (fs.inotify.max_user_watches); scanned every %2 s instead</source>
        <translation>%1：子文件夹过多，超出 inotify 监视数量（fs.inotify.max_user_watches）；改为每 %2 秒扫描一次</translation>
    </message>
    <message>
        <source>%1: not there (looked for again)</source>
        <translation>%1：不存在（会再次查找）</translation>
    </message>
</context>
<context>
    <name>WatchedFolderEditor</name>
    <message>
        <source>Include &amp;subfolders</source>
        <translation>包括子文件夹(&amp;S)</translation>
    </message>
    <message>
        <source>Watch a folder</source>
        <translation>监视文件夹</translation>
    </message>
    <message>
        <source>Watched folder</source>
        <translation>监视的文件夹</translation>
    </message>
    <message>
        <source>The folder to upload from</source>
        <translation>要从中上传的文件夹</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>A tus server (https://host/files/) or an S3 bucket (s3://bucket/prefix?endpoint=…); empty: Hoist&apos;s own server</source>
        <translation>tus 服务器（https://host/files/）或 S3 存储桶（s3://bucket/prefix?endpoint=…）；留空：Hoist 自带的服务器</translation>
    </message>
    <message>
        <source>none: files keep only their path inside the folder</source>
        <translation>无：文件只保留其在文件夹内的路径</translation>
    </message>
    <message>
        <source>Put before each file&apos;s path inside the folder on the server</source>
        <translation>在服务器上加在每个文件的文件夹内路径之前</translation>
    </message>
    <message>
        <source>Only files matching one of these (none: every file)</source>
        <translation>只上传匹配其中之一的文件（为空：所有文件）</translation>
    </message>
    <message>
        <source>Left out, on top of the patterns in Settings</source>
        <translation>在设置中的模式之外另行排除</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Upload to:</source>
        <translation>上传到(&amp;U)：</translation>
    </message>
    <message>
        <source>Remote &amp;prefix:</source>
        <translation>远程前缀(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Only files like:</source>
        <translation>仅限文件(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Leave out:</source>
        <translation>排除(&amp;L)：</translation>
    </message>
    <message>
        <source>Choose a folder to watch.</source>
        <translation>请选择要监视的文件夹。</translation>
    </message>
    <message>
        <source>Folder to watch</source>
        <translation>要监视的文件夹</translation>
    </message>
</context>
<context>
    <name>WatchedFoldersDialog</name>
    <message>
        <source>&amp;Add…</source>
        <translation>添加(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>编辑(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>Watched folders</source>
        <translation>监视的文件夹</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Upload to</source>
        <translation>上传到</translation>
    </message>
    <message>
        <source>Prefix</source>
        <translation>前缀</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>New and changed files in these folders are uploaded once they have not changed for a few seconds, while Hoist runs (in the window or the tray). A file already uploaded unchanged is never sent again.</source>
        <translation>Hoist 运行期间（在窗口或托盘中），这些文件夹中新增和有改动的文件在几秒钟内不再变化后即会上传。已上传且未再更改的文件绝不会再次发送。</translation>
    </message>
    <message>
        <source>Looking for changes…</source>
        <translation>正在查找改动…</translation>
    </message>
    <message>
        <source>Watching</source>
        <translation>监视中</translation>
    </message>
    <message>
        <source>Scanning every %1 s (inotify limit)</source>
        <translation>每 %1 秒扫描一次（inotify 限制）</translation>
    </message>
    <message>
        <source>Not there</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>Scanning (no inotify)</source>
        <translation>扫描中（无 inotify）</translation>
    </message>
    <message>
        <source>with subfolders</source>
        <translation>含子文件夹</translation>
    </message>
    <message>
        <source>this folder only</source>
        <translation>仅此文件夹</translation>
    </message>
    <message>
        <source>only %1</source>
        <translation>仅 %1</translation>
    </message>
    <message>
        <source>not %1</source>
        <translation>排除 %1</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>%1; this run only (--watch)</source>
        <translation>%1；仅本次运行（--watch）</translation>
    </message>
    <message>
        <source>&amp;Pause watching: upload nothing new until this is unticked</source>
        <translation>暂停监视(&amp;P)：取消勾选之前不上传任何新内容</translation>
    </message>
</context>
<context>
    <name>WebDavChunkedTransfer</name>
    <message>
        <source>making the upload folder</source>
        <translation>创建上传文件夹</translation>
    </message>
    <message>
        <source>listing the chunks on the server</source>
        <translation>列出服务器上的分块</translation>
    </message>
    <message>
        <source>sending chunk %1 of %2</source>
        <translation>发送第 %1/%2 个分块</translation>
    </message>
    <message>
        <source>joining the chunks on the server</source>
        <translation>在服务器上合并分块</translation>
    </message>
    <message>
        <source>checking the joined file</source>
        <translation>检查合并后的文件</translation>
    </message>
    <message>
        <source>The server holds %1 bytes; the file has %2.</source>
        <translation>服务器上有 %1 字节；文件有 %2 字节。</translation>
    </message>
    <message>
        <source>The server joined %1 chunks into %2 bytes, as the file has; it offers no checksum to compare</source>
        <translation>服务器已将 %1 个分块合并为 %2 字节，与文件一致；服务器不提供可比对的校验和</translation>
    </message>
</context>
<context>
    <name>WebDavFolders</name>
    <message>
        <source>making the folder %1</source>
        <translation>创建文件夹 %1</translation>
    </message>
</context>
<context>
    <name>WebDavListings</name>
    <message>
        <source>listing the folder %1</source>
        <translation>正在列出文件夹 %1</translation>
    </message>
</context>
<context>
    <name>WebDavProtocol</name>
    <message>
        <source>deleting the unfinished upload</source>
        <translation>删除未完成的上传</translation>
    </message>
    <message>
        <source>checking the server</source>
        <translation>检查服务器</translation>
    </message>
</context>
<context>
    <name>WebDavPutTransfer</name>
    <message>
        <source>looking for %1 on the server</source>
        <translation>在服务器上查找 %1</translation>
    </message>
    <message>
        <source>The server has a folder where &apos;%1&apos; should go</source>
        <translation>服务器上“%1”应在的位置是一个文件夹</translation>
    </message>
    <message>
        <source>Skipped: the server has &apos;%1&apos; already (%2 bytes); left as it was</source>
        <translation>已跳过：服务器上已有“%1”（%2 字节）；保持原样</translation>
    </message>
    <message>
        <source>sending %1</source>
        <translation>发送 %1</translation>
    </message>
    <message>
        <source>The file changed while uploading: &apos;%1&apos; got shorter.</source>
        <translation>文件在上传过程中被更改：“%1”变短了。</translation>
    </message>
    <message>
        <source>checking %1 on the server</source>
        <translation>在服务器上检查 %1</translation>
    </message>
    <message>
        <source>The server holds %1 bytes; the file has %2.</source>
        <translation>服务器上有 %1 字节；文件有 %2 字节。</translation>
    </message>
    <message>
        <source>The server&apos;s SHA-256 is %1; the bytes sent had %2.</source>
        <translation>服务器的 SHA-256 为 %1；发送的字节的 SHA-256 为 %2。</translation>
    </message>
    <message>
        <source>The server&apos;s SHA-256 matches the file</source>
        <translation>服务器的 SHA-256 与文件一致</translation>
    </message>
    <message>
        <source>The WebDAV server did not say the size it holds, nor a checksum</source>
        <translation>WebDAV 服务器既未告知其保存的大小，也未提供校验和</translation>
    </message>
    <message>
        <source>The server holds %1 bytes, as the file has; it offers no checksum to compare (ETag %2)</source>
        <translation>服务器上有 %1 字节，与文件一致；服务器不提供可比对的校验和（ETag %2）</translation>
    </message>
</context>
<context>
    <name>WebDavTarget</name>
    <message>
        <source>A WebDAV address starts with dav:// or davs://</source>
        <translation>WebDAV 地址以 dav:// 或 davs:// 开头</translation>
    </message>
    <message>
        <source>The WebDAV address has no server name</source>
        <translation>WebDAV 地址中没有服务器名</translation>
    </message>
    <message>
        <source>Do not write the password into the WebDAV address: set it as the server&apos;s token (kept in the keyring), or in HOIST_DAV_PASSWORD</source>
        <translation>请勿将密码写入 WebDAV 地址：请将其设为该服务器的令牌（保存在密钥环中），或放在 HOIST_DAV_PASSWORD 中</translation>
    </message>
    <message>
        <source>A WebDAV address has no ?query or #fragment</source>
        <translation>WebDAV 地址不能含有 ?查询 或 #片段</translation>
    </message>
</context>
<context>
    <name>WebDavTargetDialog</name>
    <message>
        <source>WebDAV folder</source>
        <translation>WebDAV 文件夹</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>https://cloud.example.com/remote.php/dav/files/USER/</source>
        <translation>https://cloud.example.com/remote.php/dav/files/USER/</translation>
    </message>
    <message>
        <source>The folder&apos;s address: https:// or http:// (davs:// and dav:// too). Missing folders below it are created.</source>
        <translation>文件夹的地址：https:// 或 http://（也可用 davs:// 和 dav://）。其下不存在的文件夹会被创建。</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>empty: a bearer token, or no sign-in</source>
        <translation>留空：使用 Bearer 令牌，或不登录</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>密码(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Remember it on this computer</source>
        <translation>在本机记住(&amp;R)</translation>
    </message>
    <message>
        <source>Kept in the system keyring, never in a plain file</source>
        <translation>保存在系统密钥环中，绝不写入明文文件</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>地址(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>用户(&amp;U)：</translation>
    </message>
    <message>
        <source>Files go into the folder by the path the table shows: a dropped folder keeps its structure. Plain WebDAV cannot resume: an interrupted file is sent again.</source>
        <translation>文件按表格中显示的路径上传到该文件夹：拖入的文件夹保持其目录结构。普通 WebDAV 无法续传：中断的文件会重新发送。</translation>
    </message>
    <message>
        <source>Enter the WebDAV folder&apos;s address.</source>
        <translation>请输入 WebDAV 文件夹的地址。</translation>
    </message>
    <message>
        <source>Not a valid address: %1</source>
        <translation>地址无效：%1</translation>
    </message>
    <message>
        <source>The address must start with https:// or http://.</source>
        <translation>地址必须以 https:// 或 http:// 开头。</translation>
    </message>
    <message>
        <source>Type the password in its own field, not in the address.</source>
        <translation>请在密码栏中输入密码，不要写在地址中。</translation>
    </message>
    <message>
        <source>A user name holds no “:”.</source>
        <translation>用户名中不能含有“:”。</translation>
    </message>
    <message>
        <source>The password holds a blank, which Hoist cannot keep: it keeps passwords of visible ASCII characters only (letters, digits, punctuation). Choose another one, or an app password the server makes.</source>
        <translation>密码中含有空格，Hoist 无法保存：它只保存由可见 ASCII 字符（字母、数字、标点）组成的密码。请另选一个密码，或使用服务器生成的应用密码。</translation>
    </message>
    <message>
        <source>The password holds a character outside visible ASCII (an accent, a symbol, a tab), which Hoist cannot keep: it keeps letters, digits and punctuation only. Choose another one, or an app password the server makes.</source>
        <translation>密码中含有可见 ASCII 以外的字符（重音字母、符号、制表符），Hoist 无法保存：它只保存字母、数字和标点。请另选一个密码，或使用服务器生成的应用密码。</translation>
    </message>
    <message>
        <source>A password of just that word cannot be kept: Hoist reads it as a token&apos;s prefix.</source>
        <translation>无法保存仅由这个词构成的密码：Hoist 会将其视为令牌的前缀。</translation>
    </message>
    <message>
        <source>Nextcloud or ownCloud: its newer address, …/remote.php/dav/files/USER/, lets large files go in chunks that resume after an interruption.</source>
        <translation>Nextcloud 或 ownCloud：使用其较新的地址 …/remote.php/dav/files/USER/，大文件可分块上传，中断后可续传。</translation>
    </message>
    <message>
        <source>Nextcloud or ownCloud: files over 10 MiB go in chunks that resume after an interruption. With two-factor sign-in, use an app password (Settings → Security).</source>
        <translation>Nextcloud 或 ownCloud：超过 10 MiB 的文件分块上传，中断后可续传。如启用了双重验证登录，请使用应用密码（设置 → 安全）。</translation>
    </message>
    <message>
        <source>The address is %1&apos;s files, but %2 signs in.</source>
        <translation>该地址是 %1 的文件，但登录的是 %2。</translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation>令牌(&amp;T)：</translation>
    </message>
    <message>
        <source>Bearer token</source>
        <translation>Bearer 令牌</translation>
    </message>
    <message>
        <source>Set; type a new one to replace it</source>
        <translation>已设置；输入新值即可替换</translation>
    </message>
    <message>
        <source>%1&apos;s password</source>
        <translation>%1 的密码</translation>
    </message>
    <message>
        <source>optional: sent as “Authorization: Bearer”</source>
        <translation>可选：以“Authorization: Bearer”发送</translation>
    </message>
    <message>
        <source>Enter %1&apos;s password.</source>
        <translation>请输入 %1 的密码。</translation>
    </message>
    <message>
        <source>A token holds visible ASCII characters only (no blanks, no line breaks).</source>
        <translation>令牌只能含有可见 ASCII 字符（不能有空格或换行）。</translation>
    </message>
    <message>
        <source>Uploads go to %1</source>
        <translation>上传到 %1</translation>
    </message>
    <message>
        <source>Can&apos;t remember the password: no keyring. Hoist keeps it until it quits.</source>
        <translation>无法记住密码：没有密钥环。Hoist 会保留它直到退出。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message numerus="yes">
        <source>hoist: handed %n path(s) to the Hoist window already open
</source>
        <translation>
            <numerusform>hoist：已将 %n 个路径交给已打开的 Hoist 窗口
</numerusform>
        </translation>
    </message>
    <message>
        <source>hoist: there is no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set).
To upload from a terminal: hoist --headless -e URL PATH... (see hoist --help)
</source>
        <translation>hoist：没有可以打开窗口的显示器（DISPLAY 和 WAYLAND_DISPLAY 均未设置）。
要在终端中上传：hoist --headless -e URL PATH...（参见 hoist --help）
</translation>
    </message>
    <message>
        <source>full speed</source>
        <translation>全速</translation>
    </message>
</context>
</TS>
