/**
 * Vietnam's 34 provincial units in force since 1 July 2025 (Resolution 202/2025/QH15): 6 cities
 * under the central government and 28 provinces, with their administrative codes.
 */
export interface Province {
  code: string;
  name: string;
  kind: 'city' | 'province';
}

export const PROVINCES: readonly Province[] = [
  { code: '01', name: 'Thành phố Hà Nội', kind: 'city' },
  { code: '04', name: 'Tỉnh Cao Bằng', kind: 'province' },
  { code: '08', name: 'Tỉnh Tuyên Quang', kind: 'province' },
  { code: '11', name: 'Tỉnh Điện Biên', kind: 'province' },
  { code: '12', name: 'Tỉnh Lai Châu', kind: 'province' },
  { code: '14', name: 'Tỉnh Sơn La', kind: 'province' },
  { code: '15', name: 'Tỉnh Lào Cai', kind: 'province' },
  { code: '19', name: 'Tỉnh Thái Nguyên', kind: 'province' },
  { code: '20', name: 'Tỉnh Lạng Sơn', kind: 'province' },
  { code: '22', name: 'Tỉnh Quảng Ninh', kind: 'province' },
  { code: '24', name: 'Tỉnh Bắc Ninh', kind: 'province' },
  { code: '25', name: 'Tỉnh Phú Thọ', kind: 'province' },
  { code: '31', name: 'Thành phố Hải Phòng', kind: 'city' },
  { code: '33', name: 'Tỉnh Hưng Yên', kind: 'province' },
  { code: '37', name: 'Tỉnh Ninh Bình', kind: 'province' },
  { code: '38', name: 'Tỉnh Thanh Hóa', kind: 'province' },
  { code: '40', name: 'Tỉnh Nghệ An', kind: 'province' },
  { code: '42', name: 'Tỉnh Hà Tĩnh', kind: 'province' },
  { code: '44', name: 'Tỉnh Quảng Trị', kind: 'province' },
  { code: '46', name: 'Thành phố Huế', kind: 'city' },
  { code: '48', name: 'Thành phố Đà Nẵng', kind: 'city' },
  { code: '51', name: 'Tỉnh Quảng Ngãi', kind: 'province' },
  { code: '52', name: 'Tỉnh Gia Lai', kind: 'province' },
  { code: '56', name: 'Tỉnh Khánh Hòa', kind: 'province' },
  { code: '66', name: 'Tỉnh Đắk Lắk', kind: 'province' },
  { code: '68', name: 'Tỉnh Lâm Đồng', kind: 'province' },
  { code: '75', name: 'Tỉnh Đồng Nai', kind: 'province' },
  { code: '79', name: 'Thành phố Hồ Chí Minh', kind: 'city' },
  { code: '80', name: 'Tỉnh Tây Ninh', kind: 'province' },
  { code: '82', name: 'Tỉnh Đồng Tháp', kind: 'province' },
  { code: '86', name: 'Tỉnh Vĩnh Long', kind: 'province' },
  { code: '91', name: 'Tỉnh An Giang', kind: 'province' },
  { code: '92', name: 'Thành phố Cần Thơ', kind: 'city' },
  { code: '96', name: 'Tỉnh Cà Mau', kind: 'province' },
];

export function findProvince(code: string | null | undefined): Province | undefined {
  return PROVINCES.find((province) => province.code === code);
}
