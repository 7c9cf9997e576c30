#include "s3targetdialog.h"

#include "s3target.h"
#include "tokenkeeper.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QUrlQuery>
#include <QVBoxLayout>

namespace {
constexpr int FieldWidth = 380;
constexpr QRgb ProblemColor = 0xc0392b;
constexpr char DefaultRegion[] = "us-east-1";
} // namespace

S3TargetDialog::S3TargetDialog(TokenKeeper *keeper, const QUrl &current, QWidget *parent)
    : QDialog(parent)
    , m_keeper(keeper)
{
    Q_ASSERT(keeper);
    setWindowTitle(tr("S3 bucket"));

    const auto field = [this](const QString &accessible, const QString &placeholder) {
        auto *edit = new QLineEdit(this);
        edit->setAccessibleName(accessible);
        edit->setPlaceholderText(placeholder);
        edit->setMinimumWidth(FieldWidth);
        connect(edit, &QLineEdit::textChanged, this, &S3TargetDialog::refresh);
        return edit;
    };
    m_service = field(tr("Service address"),
                      tr("http://127.0.0.1:8000, https://ACCOUNT.r2.cloudflarestorage.com; "
                         "empty: AWS"));
    m_region = field(tr("Region"), QString::fromLatin1(DefaultRegion));
    m_bucket = field(tr("Bucket"), tr("my-bucket"));
    m_prefix = field(tr("Key prefix"), tr("optional: uploads/2026/"));
    m_virtualHosted = new QCheckBox(tr("&Virtual-hosted (BUCKET.service); else path-style"), this);
    m_virtualHosted->setToolTip(tr("AWS wants virtual-hosted addresses; Ceph, MinIO and most "
                                   "servers of one's own answer path-style ones"));
    connect(m_virtualHosted, &QCheckBox::toggled, this, &S3TargetDialog::refresh);
    m_keyId = field(tr("Access key ID"), tr("AKIA…"));
    m_secret = field(tr("Secret access key"), QString());
    m_secret->setEchoMode(QLineEdit::Password);
    m_secret->setClearButtonEnabled(true);
    m_remember = new QCheckBox(tr("&Remember the keys on this computer"), this);
    m_remember->setToolTip(tr("Kept in the system keyring, never in a plain file"));
    m_remember->setChecked(m_keeper->keyring() != TokenKeeper::Keyring::Unavailable);
    m_remember->setEnabled(m_keeper->keyring() != TokenKeeper::Keyring::Unavailable);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);

    auto *form = new QFormLayout;
    form->addRow(tr("&Service:"), m_service);
    form->addRow(tr("Re&gion:"), m_region);
    form->addRow(tr("&Bucket:"), m_bucket);
    form->addRow(tr("Key &prefix:"), m_prefix);
    form->addRow(QString(), m_virtualHosted);
    form->addRow(tr("Access &key ID:"), m_keyId);
    form->addRow(tr("Se&cret key:"), m_secret);
    form->addRow(QString(), m_remember);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    m_save = buttons->button(QDialogButtonBox::Save);
    connect(buttons, &QDialogButtonBox::accepted, this, &S3TargetDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    auto *explanation = new QLabel(
        tr("Files go to the bucket under the prefix, by the path the table shows: a dropped "
           "folder keeps its structure."),
        this);
    explanation->setWordWrap(true);
    layout->addWidget(explanation);
    layout->addLayout(form);
    layout->addWidget(m_note);
    layout->addStretch(1);
    layout->addWidget(buttons);

    if (const std::optional<S3Target> given = S3Target::fromUrl(current)) {
        // AWS's own regional address is what an empty field means.
        const bool aws = QUrlQuery(current).queryItemValue(QStringLiteral("endpoint")).isEmpty();
        m_service->setText(aws ? QString() : given->service().toString());
        m_region->setText(given->region());
        m_bucket->setText(given->bucket());
        m_prefix->setText(given->prefix());
        m_virtualHosted->setChecked(given->isVirtualHosted());
        m_keyId->setText(m_keeper->s3AccessKeyId(current));
        m_remember->setChecked(m_keeper->isRemembered(current)
                               || (m_remember->isEnabled() && !m_keeper->hasToken(current)));
    }
    refresh();
}

std::optional<S3Target> S3TargetDialog::target(QString *problem) const
{
    QUrl url;
    url.setScheme(QString::fromLatin1(S3Target::Scheme));
    url.setHost(m_bucket->text().trimmed(), QUrl::DecodedMode);
    const QString prefix = m_prefix->text().trimmed();
    if (!prefix.isEmpty())
        url.setPath(QLatin1Char('/') + prefix, QUrl::DecodedMode);
    QUrlQuery query;
    const QString service = m_service->text().trimmed();
    if (!service.isEmpty())
        query.addQueryItem(QStringLiteral("endpoint"), service);
    const QString region = m_region->text().trimmed();
    query.addQueryItem(QStringLiteral("region"),
                       region.isEmpty() ? QString::fromLatin1(DefaultRegion) : region);
    // Unchecked: path-style on a service of one's own; AWS (no service) stays virtual-hosted.
    if (m_virtualHosted->isChecked())
        query.addQueryItem(QStringLiteral("style"), QStringLiteral("virtual"));
    url.setQuery(query);
    if (m_bucket->text().trimmed().isEmpty()) {
        if (problem)
            *problem = tr("Enter the bucket's name.");
        return std::nullopt;
    }
    return S3Target::fromUrl(url, problem);
}

bool S3TargetDialog::keepsKnownSecret() const
{
    const std::optional<S3Target> t = target();
    return t && m_keeper->hasToken(t->toUrl())
           && m_keeper->s3AccessKeyId(t->toUrl()) == m_keyId->text().trimmed();
}

void S3TargetDialog::refresh()
{
    QString problem;
    const bool valid = target(&problem).has_value();
    const bool keeping = m_secret->text().isEmpty() && keepsKnownSecret();
    m_secret->setPlaceholderText(keeping ? tr("Set; type a new one to replace it")
                                         : tr("Paste the secret key"));
    const QString id = m_keyId->text().trimmed();
    if (valid && id.isEmpty())
        problem = tr("Enter the access key ID.");
    else if (valid && id.contains(QLatin1Char(':')))
        problem = tr("An access key ID holds no ':'.");
    else if (valid && m_secret->text().isEmpty() && !keeping)
        problem = tr("Enter the secret access key.");
    m_note->setText(problem.isEmpty()
                        ? (m_remember->isEnabled()
                               ? tr("The keys are sent to no one: they sign each request.")
                               : tr("Can't remember the keys: no keyring. Hoist keeps them "
                                    "until it quits."))
                        : problem);
    QPalette palette;
    if (!problem.isEmpty())
        palette.setColor(QPalette::WindowText, QColor(ProblemColor));
    m_note->setPalette(palette);
    m_save->setEnabled(problem.isEmpty());
}

void S3TargetDialog::accept()
{
    const std::optional<S3Target> chosenTarget = target();
    if (!chosenTarget || !m_save->isEnabled())
        return;
    const QUrl url = chosenTarget->toUrl();
    if (!m_secret->text().isEmpty())
        m_keeper->setS3Keys(url, {m_keyId->text().trimmed(), m_secret->text().toUtf8()},
                            m_remember->isChecked());
    else
        m_keeper->setRemembered(url, m_remember->isChecked());
    m_secret->clear();
    Q_EMIT chosen(url);
    QDialog::accept();
}
