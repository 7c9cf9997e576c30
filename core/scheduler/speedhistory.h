#pragma once

#include <QVector>

// The last `capacity` samples of one speed, oldest first, in a ring: pushing is O(1) and never
// allocates once full.
class SpeedHistory final {
public:
    explicit SpeedHistory(int capacity = 0);

    void push(double value);
    void clear();
    int capacity() const { return int(m_values.size()); }
    int size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }
    // 0 is the oldest, size() - 1 the newest.
    double at(int index) const;
    double last() const { return m_size ? at(m_size - 1) : 0.0; }
    double max() const;
    QVector<double> values() const;

private:
    QVector<double> m_values;
    int m_next = 0; // where the next sample goes
    int m_size = 0;
};
