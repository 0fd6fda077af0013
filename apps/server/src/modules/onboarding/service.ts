import { PAY_STATUS, type api, type CurrentUser, type ParsedRequestOf } from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { invalid, rejected } from '../../errors.js';
import type { AccountService } from '../account/service.js';
import type { AreaService } from '../area/service.js';
import * as repo from './repository.js';

type Settle = ParsedRequestOf<typeof api.account.area>;
type Contact = ParsedRequestOf<typeof api.contact.add>;

/** The onboarding forms (spec §5): the settle information after payment, and call-back requests. */
export class OnboardingService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountService,
    private readonly areas: AreaService,
  ) {}

  async settle(caller: Caller, body: Settle): Promise<CurrentUser> {
    if (caller.account.payStatus !== PAY_STATUS.paid) throw rejected('settle.not_paid');
    // The four places must be one path down the tree: country → state → city → county.
    const [country, state, city, county] = await Promise.all(
      [body.country_id, body.state_id, body.city_id, body.county_id].map((id) => this.areas.find(id)),
    );
    if (country?.type !== 'country') throw invalid({ country_id: 'settle.country_required' });
    if (state?.type !== 'state' || state.parentId !== country.id) throw invalid({ state_id: 'settle.area_mismatch' });
    if (city?.type !== 'city' || city.parentId !== state.id) throw invalid({ city_id: 'settle.area_mismatch' });
    if (county?.type !== 'county' || county.parentId !== city.id) throw invalid({ county_id: 'settle.area_mismatch' });
    // A studio's city is the place it paid for (100 per city, spec §9): moving here would take a
    // place in another city without the count that checkout makes.
    if (caller.role === 'studio' && caller.account.cityId !== null && caller.account.cityId !== city.id) {
      throw invalid({ city_id: 'settle.studio_city_fixed' });
    }
    return this.accounts.completeInfo(caller, {
      name: body.name,
      phone: body.phone,
      companyShortName: body.company_short_name,
      companyFullName: body.company_full_name,
      taxNumber: body.tax_number,
      address: body.address,
      zipCode: body.zip_code,
      wechat: body.wechat,
      country: country.name,
      state: state.name,
      city: city.name,
      county: county.name,
      countryId: country.id,
      stateId: state.id,
      cityId: city.id,
      countyId: county.id,
    });
  }

  async contact(caller: Caller | null, body: Contact, ip: string) {
    const row = await repo.insertContact(this.db, {
      mobile: body.mobile,
      wechatId: body.wechat_id,
      name: body.name,
      message: body.message,
      accountId: caller?.id ?? null,
      ip,
    });
    return this.present(row, caller?.account.email ?? null);
  }

  async list(body: ParsedRequestOf<typeof api.contact.list>) {
    const { rows, total } = await repo.listContacts(this.db, body.keyword || undefined, body.page, body.page_size);
    // The senders' emails come from the account module, one query for the page.
    const emails = await this.accounts.emailsOf(rows.flatMap((row) => (row.accountId === null ? [] : [row.accountId])));
    return {
      list: rows.map((row) => this.present(row, row.accountId === null ? null : (emails.get(row.accountId) ?? null))),
      total,
      page: body.page,
      page_size: body.page_size,
    };
  }

  private present(row: Awaited<ReturnType<typeof repo.insertContact>>, email: string | null) {
    return {
      id: row.id,
      mobile: row.mobile,
      wechat_id: row.wechatId,
      name: row.name,
      message: row.message,
      account_id: row.accountId,
      account_email: email,
      create_time: row.createdAt.toISOString(),
    };
  }
}
