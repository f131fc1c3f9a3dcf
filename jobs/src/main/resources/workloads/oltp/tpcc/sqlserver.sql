-- oltp, mix tpcc on SQL Server: DATETIME2 where the tables keep a time (TIMESTAMP is a row version in
-- T-SQL). The rest is generic.sql; the golden files under jobs/src/test/resources/golden/sqlserver/ hold
-- every statement a trial runs.

-- name: create-customer
CREATE TABLE customer (
    c_id           INT NOT NULL,
    c_d_id         SMALLINT NOT NULL,
    c_w_id         INT NOT NULL,
    c_first        VARCHAR(16),
    c_middle       CHAR(2),
    c_last         VARCHAR(16),
    c_street_1     VARCHAR(20),
    c_street_2     VARCHAR(20),
    c_city         VARCHAR(20),
    c_state        CHAR(2),
    c_zip          CHAR(9),
    c_phone        CHAR(16),
    c_since        DATETIME2,
    c_credit       CHAR(2),
    c_credit_lim   DECIMAL(12, 2),
    c_discount     DECIMAL(4, 4),
    c_balance      DECIMAL(12, 2),
    c_ytd_payment  DECIMAL(12, 2),
    c_payment_cnt  INT,
    c_delivery_cnt INT,
    c_data         VARCHAR(500)
);

-- name: create-history
CREATE TABLE history (
    h_c_id   INT,
    h_c_d_id SMALLINT,
    h_c_w_id INT,
    h_d_id   SMALLINT,
    h_w_id   INT,
    h_date   DATETIME2,
    h_amount DECIMAL(6, 2),
    h_data   VARCHAR(24)
);

-- name: create-orders
CREATE TABLE orders (
    o_id         INT NOT NULL,
    o_d_id       SMALLINT NOT NULL,
    o_w_id       INT NOT NULL,
    o_c_id       INT,
    o_entry_d    DATETIME2,
    o_carrier_id SMALLINT,
    o_ol_cnt     SMALLINT,
    o_all_local  SMALLINT
);

-- name: create-order-line
CREATE TABLE order_line (
    ol_o_id        INT NOT NULL,
    ol_d_id        SMALLINT NOT NULL,
    ol_w_id        INT NOT NULL,
    ol_number      SMALLINT NOT NULL,
    ol_i_id        INT,
    ol_supply_w_id INT,
    ol_delivery_d  DATETIME2,
    ol_quantity    SMALLINT,
    ol_amount      DECIMAL(6, 2),
    ol_dist_info   CHAR(24)
);
