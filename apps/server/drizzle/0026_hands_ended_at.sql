-- Issue 23. The lobby's last-hour figures and the daily figures read hands by when they ended.
CREATE INDEX hands_ended_at ON hands (ended_at);
