#pragma once

#include <QLabel>
#include <QStringList>

// A one-line status bar label that gives way instead of being cut off: where its text does not
// fit it shows the first of its shorter forms that does, and failing that the last form elided
// ("3 uploading · 1 wa…"), or never narrower than that form when it must stay whole. text() stays
// the whole text (for tooltips, screen readers and tests); only the painting shortens it.
class FittingLabel : public QLabel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FittingLabel)
public:
    enum class Shortest { Elided, Whole };
    explicit FittingLabel(Shortest shortest, QWidget *parent = nullptr);

    // Shorter forms of the current text, longest first; cleared by giving none.
    void setShorterForms(const QStringList &forms);
    // What is painted at the present width.
    QString shownText() const;
    // What would be painted with `width` pixels for the text: the text or the first shorter form
    // that fits, else the last form (elided, or whole).
    QString formFitting(int width) const;
    // The width the label needs to paint `form` whole (its margins included); 0 for "".
    int widthFor(const QString &form) const;

    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    int room() const;

    Shortest m_shortest;
    QStringList m_shorter;
};
