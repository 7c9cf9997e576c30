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
        <source>Files uploading at once, %1-%2 (default 3).</source>
        <translation>同时上传的文件数，%1-%2（默认 3）。</translation>
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
        <source>--concurrency must be a whole number from %1 to %2</source>
        <translation>--concurrency 必须是 %1 到 %2 之间的整数</translation>
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
        <source>--endpoint must be an http:// or https:// URL, or s3://BUCKET/PREFIX</source>
        <translation>--endpoint 必须是 http:// 或 https:// URL，或 s3://BUCKET/PREFIX</translation>
    </message>
    <message>
        <source>Hoist uploads files and folders to a tus server or an S3 bucket, several at once, resuming where a connection broke. Without --headless it opens a window with the paths queued.
S3 keys come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or from --s3-credentials.</source>
        <translation>Hoist 将文件和文件夹上传到 tus 服务器或 S3 存储桶，可同时上传多个，连接中断后从断点继续。不带 --headless 时会打开窗口，并将这些路径加入队列。
S3 密钥取自 AWS_ACCESS_KEY_ID 和 AWS_SECRET_ACCESS_KEY，或取自 --s3-credentials。</translation>
    </message>
    <message>
        <source>The tus endpoint to create uploads at (http or https), or an S3 bucket and key prefix: s3://BUCKET/PREFIX.</source>
        <translation>创建上传所用的 tus 端点（http 或 https），或 S3 存储桶及前缀：s3://BUCKET/PREFIX。</translation>
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
    <message>
        <source>Uploads finished</source>
        <translation>上传已完成</translation>
    </message>
    <message>
        <source>Uploads failed</source>
        <translation>上传失败</translation>
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
        <source>Sent as parallel parts (%1 so far), joined when all are there; hover for them</source>
        <translation>分成并行部分发送（目前 %1 个），全部到齐后合并；悬停可查看各部分</translation>
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
        <source>The address must start with http:// or https://</source>
        <translation>地址必须以 http:// 或 https:// 开头</translation>
    </message>
    <message>
        <source>The address has no server name</source>
        <translation>地址中没有服务器名</translation>
    </message>
</context>
<context>
    <name>EndpointStatus</name>
    <message>
        <source>%1 answers: %2</source>
        <translation>%1 应答：%2</translation>
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
    <name>FileRangeDevice</name>
    <message>
        <source>%1 is shorter than expected (truncated while reading)</source>
        <translation>%1 比预期短（读取期间被截断）</translation>
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
    <name>HeadlessRunner</name>
    <message>
        <source>upload failed</source>
        <translation>上传失败</translation>
    </message>
    <message numerus="yes">
        <source>hoist: %1 of %n file(s) uploaded, %2 failed, %3 in %4 s</source>
        <translation>
            <numerusform>hoist：%n 个文件中已上传 %1 个，%2 个失败，%4 秒内传输 %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>hoist: %1 of %n file(s) uploaded, %2 in %3 s</source>
        <translation>
            <numerusform>hoist：%n 个文件中已上传 %1 个，%3 秒内传输 %2</numerusform>
        </translation>
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
        <source>How many requests go at once: files, or parts of a large file where the server joins parts</source>
        <translation>同时发出的请求数：文件，或者在服务器支持合并时大文件的各个部分</translation>
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
        <source>Nothing of them was sent yet.</source>
        <translation>这些上传尚未发送任何内容。</translation>
    </message>
    <message>
        <source>What was already sent is deleted from the server where it allows it.</source>
        <translation>已发送的内容会在服务器允许时从服务器上删除。</translation>
    </message>
    <message numerus="yes">
        <source>What %n of them already sent is deleted from the server where it allows it.</source>
        <translation>
            <numerusform>其中 %n 个已发送的内容会在服务器允许时从服务器上删除。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel uploads</source>
        <translation>取消上传</translation>
    </message>
    <message>
        <source>Cancel this upload?</source>
        <translation>取消此上传？</translation>
    </message>
    <message>
        <source>Cancel %1 uploads?</source>
        <translation>取消 %1 个上传？</translation>
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
        <source>Close window</source>
        <translation>关闭窗口</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>设置…</translation>
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
        <source>broken symbolic link</source>
        <translation>失效的符号链接</translation>
    </message>
    <message>
        <source>not a regular file (%1)</source>
        <translation>不是普通文件（%1）</translation>
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
</context>
<context>
    <name>S3PartPut</name>
    <message>
        <source>Could not read &apos;%1&apos; to compute its checksum.</source>
        <translation>无法读取“%1”以计算校验和。</translation>
    </message>
    <message>
        <source>The file changed while uploading: &apos;%1&apos; got shorter.</source>
        <translation>文件在上传过程中被更改：“%1”变短了。</translation>
    </message>
</context>
<context>
    <name>S3Protocol</name>
    <message>
        <source>aborting the multipart upload</source>
        <translation>中止分段上传</translation>
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
        <source>the answer lists too many parts</source>
        <translation>应答列出的分段过多</translation>
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
        <source>How many requests go at once, in all (the toolbar&apos;s “Parallel”)</source>
        <translation>同时发出的请求总数（即工具栏上的“并行”）</translation>
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
        <source>How often a failed request is tried again before the upload fails</source>
        <translation>请求失败后最多重试几次，之后该上传才算失败</translation>
    </message>
    <message>
        <source> MiB/s</source>
        <translation> MiB/s</translation>
    </message>
    <message>
        <source>Unlimited</source>
        <translation>不限速</translation>
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
        <source>A batch has finished when nothing is uploading or waiting any more. With failures Hoist stays open and notifies, so that they can be seen.</source>
        <translation>当不再有上传正在进行或等待时，这一批即告完成。如有失败，Hoist 会保持打开并发出通知，以便查看。</translation>
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
        <source>&amp;Retries:</source>
        <translation>重试次数(&amp;R)：</translation>
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
        <source>Could not %1: the task store is not open.</source>
        <translation>无法%1：任务存储未打开。</translation>
    </message>
    <message>
        <source>Could not %1 in %2: %3</source>
        <translation>无法在 %2 中%1：%3</translation>
    </message>
    <message>
        <source>save the upload queue</source>
        <translation>保存上传队列</translation>
    </message>
    <message>
        <source>remove tasks from the upload queue</source>
        <translation>从上传队列中移除任务</translation>
    </message>
    <message>
        <source>save the upload URL of task %1</source>
        <translation>保存任务 %1 的上传地址</translation>
    </message>
    <message>
        <source>the task store is not open</source>
        <translation>任务存储未打开</translation>
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
        <source>Set it with “Token…” beside the server address, then retry.</source>
        <translation>请用服务器地址旁的“令牌…”设置，然后重试。</translation>
    </message>
    <message>
        <source>Choose that server, set its token with “Token…”, then retry.</source>
        <translation>请选择该服务器，用“令牌…”设置其令牌，然后重试。</translation>
    </message>
    <message>
        <source>An S3 bucket takes keys, not a token: see “S3 bucket…”</source>
        <translation>S3 存储桶使用密钥而非令牌：请见“S3 存储桶…”</translation>
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
    <name>TusTransfer</name>
    <message>
        <source>asking the server what it supports</source>
        <translation>询问服务器支持的功能</translation>
    </message>
    <message>
        <source>The server speaks tus %1, not 1.0.0.</source>
        <translation>服务器使用的是 tus %1，而不是 1.0.0。</translation>
    </message>
    <message>
        <source>The file changed while uploading: %1 got shorter.</source>
        <translation>文件在上传过程中被更改：%1 变短了。</translation>
    </message>
    <message>
        <source>creating the upload</source>
        <translation>创建上传</translation>
    </message>
    <message>
        <source>The server gave an unusable upload address. %1</source>
        <translation>服务器给出的上传地址无法使用。%1</translation>
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
        <source>The server accepted none of the %1 bytes sent.</source>
        <translation>服务器未接受已发送的 %1 字节中的任何一个。</translation>
    </message>
    <message>
        <source>The upload stalled: no progress for %1 s.</source>
        <translation>上传停滞：%1 秒内没有进展。</translation>
    </message>
    <message>
        <source>Could not read %1 to compute its checksum.</source>
        <translation>无法读取 %1 以计算校验和。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2.</source>
        <translation>无法读取 %1：%2。</translation>
    </message>
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
    <name>UploadScheduler</name>
    <message>
        <source>%1 · retry %2 of %3</source>
        <translation>%1 · 重试 %2/%3</translation>
    </message>
    <message numerus="yes">
        <source> · %n tries</source>
        <translation>
            <numerusform> · 尝试 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>The queue could not be saved (%1); this upload may not survive a crash.</source>
        <translation>无法保存队列（%1）；程序崩溃后此上传可能丢失。</translation>
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
</context>
</TS>
