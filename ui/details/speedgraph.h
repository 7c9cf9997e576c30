#pragma once

#include "uploadtypes.h"

#include <QPointer>
#include <QWidget>

class SpeedSampler;

// The upload speed of the last minutes as a graph: the total as a filled area, the selected
// upload's as a thick line over it (told apart by shape, not only by colour), redrawn on every
// sample.
class SpeedGraph final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SpeedGraph)
public:
    explicit SpeedGraph(const SpeedSampler *sampler, QWidget *parent = nullptr);

    // 0: the total only.
    void setTask(TaskId id);
    TaskId task() const { return m_task; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QPointer<const SpeedSampler> m_sampler;
    TaskId m_task = 0;
};
