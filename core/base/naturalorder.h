#pragma once

#include <QString>

// The order a person expects of numbered names: "img_2" before "img_10". Digit runs compare as
// numbers (leading zeros aside), the rest character by character without case; names equal that
// way fall back to the plain text, so the order is total and stable. <0, 0 or >0 as `a` sorts
// before, with or after `b`. No locale and no allocation: fast enough to sort 100,000 rows.
int naturalCompare(const QString &a, const QString &b);
