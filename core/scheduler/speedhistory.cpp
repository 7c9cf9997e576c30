#include "speedhistory.h"

#include <algorithm>

SpeedHistory::SpeedHistory(int capacity)
    : m_values(std::max(0, capacity), 0.0)
{
}

void SpeedHistory::push(double value)
{
    if (m_values.isEmpty())
        return;
    m_values[m_next] = value;
    m_next = (m_next + 1) % int(m_values.size());
    m_size = std::min(m_size + 1, int(m_values.size()));
}

void SpeedHistory::clear()
{
    m_next = 0;
    m_size = 0;
}

double SpeedHistory::at(int index) const
{
    const int capacity = int(m_values.size());
    return m_values.at((m_next - m_size + index + capacity) % capacity);
}

double SpeedHistory::max() const
{
    double most = 0;
    for (int i = 0; i < m_size; ++i)
        most = std::max(most, at(i));
    return most;
}

QVector<double> SpeedHistory::values() const
{
    QVector<double> out;
    out.reserve(m_size);
    for (int i = 0; i < m_size; ++i)
        out.append(at(i));
    return out;
}
