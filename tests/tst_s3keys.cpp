// An S3 bucket's keys in the window: kept by TokenKeeper like a token (same keyring, same hold on
// the bucket's uploads while the keyring is asked) but handed to the S3 client instead of going
// out as a header; S3 targets told apart by service, region, bucket and prefix; and the
// "S3 bucket…" dialog, which gives the canonical target URL and never shows a secret.
#include "memorysecretstore.h"
#include "testfiles.h"
#include "testsettings.h"
#include "waitfor.h"

#include "endpointheaders.h"
#include "mainwindow.h"
#include "networkpool.h"
#include "s3target.h"
#include "s3targetdialog.h"
#include "tokencontrol.h"
#include "tokenkeeper.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
// s3://photos/2026/?endpoint=http://127.0.0.1:9&region=eu-1
const QUrl Target = S3Target(QUrl(QStringLiteral("http://127.0.0.1:9")), QStringLiteral("eu-1"),
                             QStringLiteral("photos"), QStringLiteral("2026"))
                        .toUrl();

struct Handed {
    QUrl target;
    S3Credentials keys;
};
} // namespace

class tst_S3Keys : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void targetsAreToldApart();
    void keysGoToTheClientNotAHeader();
    void rememberedKeysComeBackBeforeUploadsStart();
    void dialogGivesTheCanonicalTarget();
    void dialogKeepsKnownKeysWithoutShowingThem();
    void windowShowsTheBucketAndKeepsNoKey();

private:
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
    std::unique_ptr<MemorySecretStore> m_store;
    std::unique_ptr<TokenKeeper> m_keeper;
    QList<Handed> m_handed;
    QTemporaryDir m_settingsDir;
};

void tst_S3Keys::initTestCase()
{
    // The window remembers its endpoint in QSettings: a folder of the test's own.
    useTestSettings(QStringLiteral("tst_s3keys"), m_settingsDir.path());
}

void tst_S3Keys::init()
{
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<TusProtocol>(m_network.get());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    m_scheduler->setHashPolicy(UploadScheduler::HashPolicy::Never);
    m_store = std::make_unique<MemorySecretStore>();
    m_keeper = std::make_unique<TokenKeeper>(m_scheduler.get(), m_store.get());
    m_handed.clear();
    m_keeper->setS3KeysSink([this](const QUrl &target, const S3Credentials &keys) {
        m_handed.append({target, keys});
    });
}

void tst_S3Keys::cleanup()
{
    m_keeper.reset();
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
    m_store.reset();
}

void tst_S3Keys::targetsAreToldApart()
{
    const auto key = [](const char *url) {
        return EndpointHeaders::keyOf(QUrl(QString::fromUtf8(url)));
    };
    // One target however it is spelled: query order, service's case and default port, slashes.
    QCOMPARE(key("s3://b/p/?region=r&endpoint=http://Host:80"),
             key("s3://b/p?endpoint=http://host&region=r"));
    QCOMPARE(key("s3://b/p/"), key("s3://b/p"));
    // Another bucket, prefix, service or region is another target, with keys of its own.
    const QString base = key("s3://b/p/?endpoint=http://host:1&region=r");
    QVERIFY(base != key("s3://c/p/?endpoint=http://host:1&region=r"));
    QVERIFY(base != key("s3://b/q/?endpoint=http://host:1&region=r"));
    QVERIFY(base != key("s3://b/p/?endpoint=http://host:2&region=r"));
    QVERIFY(base != key("s3://b/p/?endpoint=http://host:1&region=s"));
    QVERIFY(base != key("s3://b/p/?endpoint=http://host:1&region=r&style=virtual"));
    QVERIFY(key("s3:///p").isEmpty());
    // Its requests count against its service, whatever the bucket.
    QCOMPARE(NetworkPool::serverOf(QUrl("s3://b/p?endpoint=http://127.0.0.1:9&region=r")),
             NetworkPool::serverOf(QUrl("http://127.0.0.1:9/other/")));
}

void tst_S3Keys::keysGoToTheClientNotAHeader()
{
    m_keeper->setS3Keys(Target, {QStringLiteral("AKID"), "se:cr/et+"}, false);
    QCOMPARE(m_handed.size(), 1);
    QCOMPARE(m_handed.first().target, Target);
    QCOMPARE(m_handed.first().keys.accessKeyId, QStringLiteral("AKID"));
    QCOMPARE(m_handed.first().keys.secretAccessKey, QByteArray("se:cr/et+"));
    QVERIFY(m_scheduler->headersFor(Target).isEmpty()); // nothing sent as a header
    QVERIFY(m_keeper->hasToken(Target));
    QCOMPARE(m_keeper->s3AccessKeyId(Target), QStringLiteral("AKID"));
    QCOMPARE(m_store->writes, 0); // for this session only

    // Remembered: in the keyring under the target, and nowhere else.
    QSignalSpy written(m_store.get(), &SecretStore::writeFinished);
    m_keeper->setS3Keys(Target, {QStringLiteral("AKID"), "se:cr/et+"}, true);
    QVERIFY(written.wait(5000));
    QCOMPARE(m_store->secrets, (QHash<QString, QString>{{EndpointHeaders::keyOf(Target),
                                                         QStringLiteral("AKID:se:cr/et+")}}));
    // Incomplete keys, or an id holding the separator, are ignored.
    m_keeper->setS3Keys(Target, {QStringLiteral("AKID"), {}}, false);
    m_keeper->setS3Keys(Target, {QStringLiteral("AK:ID"), "x"}, false);
    QCOMPARE(m_handed.size(), 2);

    // Cleared: the client is told to forget them.
    m_keeper->clearToken(Target);
    QCOMPARE(m_handed.size(), 3);
    QVERIFY(!m_handed.last().keys.isComplete());
}

void tst_S3Keys::rememberedKeysComeBackBeforeUploadsStart()
{
    m_store->secrets.insert(EndpointHeaders::keyOf(Target), QStringLiteral("AKID:kept-secret"));
    m_store->deferred = true;
    QTemporaryDir files;
    const QString path = makeTestFile(files.path(), QStringLiteral("restored.bin"), 1024);
    QList<int> handedWhenStarted;
    connect(m_scheduler.get(), &UploadScheduler::taskStarted, this,
            [&] { handedWhenStarted.append(int(m_handed.size())); });
    QSignalSpy added(m_scheduler.get(), &UploadScheduler::tasksAdded);
    m_scheduler->setEndpoint(Target);
    m_scheduler->addPaths({path});
    QVERIFY(added.wait(5000));
    QVERIFY(m_keeper->isLookingUp(Target));
    QTest::qWait(200); // the upload waits for the keyring
    QVERIFY(handedWhenStarted.isEmpty());
    m_store->flush();
    QVERIFY(waitFor([&] { return !handedWhenStarted.isEmpty(); }, 5000));
    // By the time it started, the client had the keys.
    QCOMPARE(handedWhenStarted.first(), 1);
    QCOMPARE(m_handed.first().keys.secretAccessKey, QByteArray("kept-secret"));
    QVERIFY(m_keeper->isRemembered(Target));
    disconnect(m_scheduler.get(), nullptr, this, nullptr);
}

void tst_S3Keys::dialogGivesTheCanonicalTarget()
{
    S3TargetDialog dialog(m_keeper.get(), QUrl(QStringLiteral("http://tus.example/files/")));
    QSignalSpy chosen(&dialog, &S3TargetDialog::chosen);
    QVERIFY(dialog.serviceEdit()->text().isEmpty()); // a tus endpoint fills nothing in
    QVERIFY(!dialog.saveButton()->isEnabled());
    dialog.serviceEdit()->setText(QStringLiteral("HTTP://127.0.0.1:9/"));
    dialog.regionEdit()->setText(QStringLiteral("eu-1"));
    dialog.bucketEdit()->setText(QStringLiteral("photos"));
    dialog.prefixEdit()->setText(QStringLiteral("/2026"));
    dialog.keyIdEdit()->setText(QStringLiteral("AKID"));
    QVERIFY(!dialog.saveButton()->isEnabled()); // no secret yet: the note says so
    QVERIFY2(dialog.noteLabel()->text().contains(QStringLiteral("secret")),
             qPrintable(dialog.noteLabel()->text()));
    dialog.secretEdit()->setText(QStringLiteral("typed-secret"));
    QVERIFY(dialog.saveButton()->isEnabled());
    QCOMPARE(dialog.secretEdit()->echoMode(), QLineEdit::Password);
    dialog.rememberBox()->setChecked(false);
    dialog.saveButton()->click();
    QCOMPARE(chosen.size(), 1);
    QCOMPARE(chosen.first().first().toUrl(), Target);
    QCOMPARE(m_handed.size(), 1);
    QCOMPARE(m_handed.first().keys.secretAccessKey, QByteArray("typed-secret"));
    QCOMPARE(m_store->writes, 0);

    // A name that cannot be a bucket is said, and nothing is saved.
    S3TargetDialog bad(m_keeper.get(), {});
    bad.bucketEdit()->setText(QStringLiteral("no/slash"));
    bad.keyIdEdit()->setText(QStringLiteral("AKID"));
    bad.secretEdit()->setText(QStringLiteral("s"));
    QVERIFY(!bad.saveButton()->isEnabled());
    QVERIFY2(bad.noteLabel()->text().contains(QStringLiteral("bucket")),
             qPrintable(bad.noteLabel()->text()));
}

void tst_S3Keys::dialogKeepsKnownKeysWithoutShowingThem()
{
    m_keeper->setS3Keys(Target, {QStringLiteral("AKID"), "known-secret"}, false);
    S3TargetDialog dialog(m_keeper.get(), Target);
    QSignalSpy chosen(&dialog, &S3TargetDialog::chosen);
    QCOMPARE(dialog.serviceEdit()->text(), QStringLiteral("http://127.0.0.1:9"));
    QCOMPARE(dialog.regionEdit()->text(), QStringLiteral("eu-1"));
    QCOMPARE(dialog.bucketEdit()->text(), QStringLiteral("photos"));
    QCOMPARE(dialog.prefixEdit()->text(), QStringLiteral("2026/"));
    QCOMPARE(dialog.keyIdEdit()->text(), QStringLiteral("AKID"));
    QVERIFY(dialog.secretEdit()->text().isEmpty()); // never shown
    QVERIFY(dialog.saveButton()->isEnabled());      // the known secret stays
    dialog.saveButton()->click();
    QCOMPARE(chosen.size(), 1);
    QCOMPARE(m_handed.size(), 1); // nothing new handed over
    // Another key id needs its secret.
    S3TargetDialog other(m_keeper.get(), Target);
    other.keyIdEdit()->setText(QStringLiteral("OTHER"));
    QVERIFY(!other.saveButton()->isEnabled());
}

// The "S3 bucket…" button in the server field: the field shows the bucket by name (its tooltip
// the whole target), the scheduler gets the target URL, and what the window remembers holds no
// key.
void tst_S3Keys::windowShowsTheBucketAndKeepsNoKey()
{
    QSettings().clear();
    m_scheduler->setEndpoint(QUrl(QStringLiteral("http://tus.example/files/")));
    MainWindow window(m_scheduler.get());
    window.setTokenKeeper(m_keeper.get());
    auto *action = window.endpointEdit()->findChild<QAction *>(QStringLiteral("s3TargetAction"));
    if (!action) { // QLineEdit keeps its actions as the widget's, not as children
        for (QAction *a : window.endpointEdit()->actions()) {
            if (a->objectName() == QLatin1String("s3TargetAction"))
                action = a;
        }
    }
    QVERIFY(action);
    action->trigger();
    auto *dialog = window.findChild<S3TargetDialog *>();
    QVERIFY(dialog);
    dialog->serviceEdit()->setText(QStringLiteral("http://127.0.0.1:9"));
    dialog->regionEdit()->setText(QStringLiteral("eu-1"));
    dialog->bucketEdit()->setText(QStringLiteral("photos"));
    dialog->prefixEdit()->setText(QStringLiteral("2026"));
    dialog->keyIdEdit()->setText(QStringLiteral("AKID"));
    dialog->secretEdit()->setText(QStringLiteral("window-secret"));
    dialog->saveButton()->click();

    QCOMPARE(m_scheduler->endpoint(), Target);
    QCOMPARE(window.endpointEdit()->text(), QStringLiteral("photos/2026/ on 127.0.0.1:9"));
    QVERIFY(
        window.endpointEdit()->toolTip().contains(QStringLiteral("endpoint=http://127.0.0.1:9")));
    QCOMPARE(m_handed.size(), 1);
    // Remembered as the target alone.
    QSettings settings;
    QCOMPARE(QUrl(settings.value(QStringLiteral("endpoint")).toString()), Target);
    for (const QString &key : settings.allKeys())
        QVERIFY(!settings.value(key).toString().contains(QStringLiteral("window-secret")));
    // Leaving the field as shown changes nothing; the token button is off for a bucket.
    window.endpointEdit()->setFocus();
    Q_EMIT window.endpointEdit()->editingFinished();
    QCOMPARE(m_scheduler->endpoint(), Target);
    QVERIFY(!window.tokenControl()->action()->isEnabled());
}

QTEST_MAIN(tst_S3Keys)
#include "tst_s3keys.moc"
